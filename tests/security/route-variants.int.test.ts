/**
 * Guards and routing see the same path. Walks EVERY registered route (read from the routers
 * themselves, so a route added later is walked too) as every kind of caller — visitor, user, other
 * user, legacy user (RIPOSTE_LEGACY_USERNAMES), admin still on the bootstrap password, admin —
 * under the spellings an attacker would try: `/API`, `/Api`, an upper-cased segment, `//`, `%2F`
 * and `%2f` for a slash, a trailing slash, `/./`, `/x/../`, an escaped letter, a backslash.
 *
 * - No variant reaches a handler: each is refused (401, 403, 404, 405) for every caller, so none can
 *   do what the canonical path would refuse that caller; admin routes never answer a non-admin.
 * - Unsafe methods, canonical or not, are refused without the CSRF header and from a cross-site
 *   page, and change nothing (events, uploads, sessions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, uniqueName, type Client, type TestServer } from '../api/support';
import { multipart, PNG_1X1 } from '../api/schedules.support';
import { eventCount, rawRequest, storedUploads, type RawReply } from './support';

const PASSWORD = 'secret-pw-1';
const ADMIN_NEW_PASSWORD = 'admin-new-pw';
const LEGACY_NAME = uniqueName('legacy');
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'GET /api/auth/logout']);
const CROSS_SITE = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
/**
 * Called by PayPal, not a browser, so no CSRF header is asked: every event is verified with PayPal
 * first, and an unsigned one is refused (400 WEBHOOK_SIGNATURE) and changes nothing.
 */
const SERVER_TO_SERVER = new Set(['POST /paypal/webhook']);

interface Role {
  name: string;
  /** The role's long-lived session (refused calls must leave it signed in). */
  client: Client;
  /** A new session of the same account (for calls that may end one). */
  fresh(): Promise<Client>;
  signedIn: boolean;
  admin: boolean;
}

let server: TestServer;
let other: { client: Client; user: { id: string; username: string } };
let user: { client: Client; user: { id: string; username: string } };

const login = async (username: string, password: string): Promise<Client> => {
  const c = server.client();
  const res = await c.post('/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return c;
};

/** Sign-ins made by the walk itself: each records one UserLoggedIn, the only writes expected. */
let freshSignIns = 0;

const signedInRole = async (name: string, username: string, password: string, admin = false): Promise<Role> => ({
  name,
  client: await login(username, password),
  fresh: () => {
    freshSignIns += 1;
    return login(username, password);
  },
  signedIn: true,
  admin,
});

beforeAll(async () => {
  // Generous login limits: the walk signs in again for every call that may end a session.
  const limits = { attempts: 100_000, windowSeconds: 900 };
  // No scheduler: its background jobs write events of their own, and every write here must be
  // one the walk can account for.
  server = await startTestServer({ RIPOSTE_LEGACY_USERNAMES: LEGACY_NAME, RIPOSTE_SCHEDULER: 'off' }, { loginLimits: { perAccount: limits, perAddress: limits } });
  user = await server.newUser();
  other = await server.newUser();
  await server.newUser(LEGACY_NAME);
});
afterAll(async () => {
  await server?.close();
});

// ---- the variants --------------------------------------------------------------------------

/** The path with params filled in: every id is the other user's (an admin route's natural target). */
const concrete = (pattern: string): string => pattern.replace(/:(\w+)/g, () => other.user.id);

const escapeFirstChar = (segment: string): string => `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`;

/** Every non-canonical spelling of a route's path, named. */
const variantsOf = (pattern: string): [string, string][] => {
  const literal = pattern.split('/').slice(1).map((s) => !s.startsWith(':'));
  const segs = concrete(pattern).split('/').slice(1);
  const first = segs[0] ?? '';
  const rest = segs.slice(1);
  const path = (ss: string[]) => `/${ss.join('/')}`;
  const out: [string, string][] = [
    ['upper-case first segment', path([first.toUpperCase(), ...rest])],
    ['title-case first segment', path([first.charAt(0).toUpperCase() + first.slice(1), ...rest])],
    ['leading //', `/${path(segs)}`],
    ['trailing slash', `${path(segs)}/`],
    ['leading /./', `/.${path(segs)}`],
    ['leading /x/../', `/x/..${path(segs)}`],
    ['escaped letter', path([escapeFirstChar(first), ...rest])],
  ];
  segs.forEach((seg, i) => {
    if (i > 0 && literal[i] === true) out.push([`upper-case ${seg}`, path(segs.map((s, j) => (j === i ? s.toUpperCase() : s)))]);
  });
  if (rest.length > 0) {
    out.push(
      ['// after the first segment', `/${first}//${rest.join('/')}`],
      ['%2F for the second slash', `/${first}%2F${rest.join('/')}`],
      ['/./ after the first segment', `/${first}/./${rest.join('/')}`],
      ['backslash for the second slash', `/${first}\\${rest.join('/')}`],
    );
  }
  if (rest.length > 1) {
    const head = segs.slice(0, -1).join('/');
    out.push(['%2f for the last slash', `/${head}%2f${segs.at(-1) ?? ''}`], ['// before the last segment', `/${head}//${segs.at(-1) ?? ''}`]);
  }
  return out;
};

// ---- the walk ------------------------------------------------------------------------------

interface Failure {
  role: string;
  route: string;
  variant: string;
  path: string;
  status: number;
  code: string | undefined;
  why: string;
}

const counts = { routes: 0, roles: 0, variantCalls: 0, csrfCalls: 0 };

const sessionAlive = async (role: Role): Promise<boolean> =>
  !role.signedIn || (await rawRequest(role.client, 'GET', '/api/auth/status')).status === 200;

/** Every route × variant for one role; calls that may end a session get a new session each. */
const walkVariants = async (role: Role, failures: Failure[]) => {
  for (const { method, path: pattern } of server.routes) {
    const route = `${method} ${pattern}`;
    for (const [variant, path] of variantsOf(pattern)) {
      const endsSession = ENDS_SESSION.has(route);
      const client = endsSession ? await role.fresh() : role.client;
      const res: RawReply = await rawRequest(client, method, path);
      counts.variantCalls += 1;
      const fail = (why: string) => failures.push({ role: role.name, route, variant, path, status: res.status, code: res.code, why });
      // 405: an upper-cased literal can be a valid id of a sibling route (`/api/templates/PREVIEW`
      // is template "PREVIEW"), which has no such method; no handler runs.
      if (![401, 403, 404, 405].includes(res.status)) fail('a variant was not refused');
      if (pattern.startsWith('/api/admin') && res.text.includes(other.user.username)) fail('an admin answer reached a non-canonical path');
      if (endsSession && role.signedIn && (await rawRequest(client, 'GET', '/api/auth/status')).status !== 200) fail('a variant ended the session');
    }
  }
};

/** Every unsafe route, canonical and variants, without the CSRF header and cross-site. */
const walkCsrf = async (role: Role, failures: Failure[]) => {
  for (const { method, path: pattern } of server.routes) {
    if (SAFE.has(method)) continue;
    const route = `${method} ${pattern}`;
    const spellings: [string, string][] = [['canonical', concrete(pattern)], ...variantsOf(pattern)];
    for (const [variant, path] of spellings) {
      for (const [attack, options] of [
        ['no CSRF header', { csrf: false }],
        ['cross-site', { headers: CROSS_SITE }],
      ] as const) {
        const client = ENDS_SESSION.has(route) ? await role.fresh() : role.client;
        const res = await rawRequest(client, method, path, options);
        counts.csrfCalls += 1;
        const refused =
          variant !== 'canonical'
            ? [403, 404].includes(res.status)
            : SERVER_TO_SERVER.has(route)
              ? res.status === 400 && res.code === 'WEBHOOK_SIGNATURE'
              : res.status === 403 && (res.code ?? '').startsWith('CSRF_');
        if (!refused) failures.push({ role: role.name, route, variant: `${variant}, ${attack}`, path, status: res.status, code: res.code, why: 'an unsafe call was not refused' });
        if (ENDS_SESSION.has(route) && role.signedIn && (await rawRequest(client, 'GET', '/api/auth/status')).status !== 200) {
          failures.push({ role: role.name, route, variant: `${variant}, ${attack}`, path, status: res.status, code: res.code, why: 'a refused call ended the session' });
        }
      }
    }
  }
};

const walk = async (roles: Role[]) => {
  const failures: Failure[] = [];
  freshSignIns = 0;
  const eventsBefore = eventCount(server);
  const uploadsBefore = storedUploads(server);
  // Roles in parallel (each walks its routes in order): independent sessions, a shorter wall time.
  await Promise.all(roles.map((role) => walkVariants(role, failures)));
  await Promise.all(roles.map((role) => walkCsrf(role, failures)));
  for (const role of roles) {
    if (!(await sessionAlive(role))) failures.push({ role: role.name, route: '-', variant: '-', path: '-', status: 0, code: undefined, why: 'the role was signed out' });
  }
  counts.roles += roles.length;
  // Signing in again (for the session-ending routes) records a sign-in; nothing else may write.
  const writes = eventCount(server) - eventsBefore - freshSignIns;
  return { failures, writes, uploadsBefore, uploadsAfter: storedUploads(server) };
};

describe('route × role × path variant walk', () => {
  it('has the variants an attacker would try for every route', () => {
    counts.routes = server.routes.length;
    expect(server.routes.length).toBeGreaterThan(50);
    const names = variantsOf('/api/admin/users/:id/role').map(([, p]) => p);
    const id = other.user.id;
    for (const expected of ['/API/admin/users', '/Api/admin/users', '/api/ADMIN/users', '/api//admin/users', '/api%2Fadmin/users', '/api/admin/users/']) {
      expect(names.some((p) => p.startsWith(expected) || p === `${expected}${id}/role/`)).toBe(true);
    }
    expect(names).toContain(`/api/./admin/users/${id}/role`);
    expect(names).toContain(`/api/admin/users/${id}%2frole`);
  });

  it('refuses every variant as visitor, user, other user, legacy user and admin on the bootstrap password; unsafe calls need the CSRF header', async () => {
    const roles: Role[] = [
      { name: 'visitor', client: server.client(), fresh: () => Promise.resolve(server.client()), signedIn: false, admin: false },
      await signedInRole('user', user.user.username, PASSWORD),
      await signedInRole('other user', other.user.username, PASSWORD),
      await signedInRole('legacy user', LEGACY_NAME, PASSWORD),
      await signedInRole('admin on the bootstrap password', 'admin', ADMIN_PASSWORD, true),
    ];
    const bootstrap = await roles[4]!.client.get('/api/auth/status');
    expect((bootstrap.body as { user: { passwordChangeRequired: boolean } }).user.passwordChangeRequired).toBe(true);
    const legacy = await roles[3]!.client.get('/api/auth/status');
    expect(legacy.status).toBe(200);

    const result = await walk(roles);
    expect(result.failures.slice(0, 20)).toEqual([]);
    expect(result.failures.length).toBe(0);
    expect(result.writes).toBe(0);
    expect(result.uploadsAfter).toEqual(result.uploadsBefore);
  }, 600_000);

  it('refuses every variant as the admin (password changed), with admin answers only on the canonical path', async () => {
    await server.admin();
    const admin = await signedInRole('admin', 'admin', ADMIN_NEW_PASSWORD, true);
    const canonical = await admin.client.get('/api/admin/users');
    expect(canonical.status).toBe(200);
    expect(canonical.text).toContain(other.user.username);

    const result = await walk([admin]);
    expect(result.failures.slice(0, 20)).toEqual([]);
    expect(result.writes).toBe(0);
    expect(result.uploadsAfter).toEqual(result.uploadsBefore);
  }, 600_000);

  it('refuses a write through a variant and changes nothing (events counted around non-session calls)', async () => {
    const before = eventCount(server);
    const uploads = storedUploads(server);
    const upload = multipart('image', 'a.png', 'image/png', PNG_1X1);
    const attempts: [string, string, Parameters<typeof rawRequest>[3]][] = [
      ['POST', '/API/templates', { body: JSON.stringify({ name: 'x', content: 'hello' }) }],
      ['POST', '/api/templates/', { body: JSON.stringify({ name: 'x', content: 'hello' }) }],
      ['POST', '/api//templates', { body: JSON.stringify({ name: 'x', content: 'hello' }) }],
      ['POST', '/Api/v2/upload-image', { body: upload.body, contentType: upload.contentType }],
      ['POST', '/api/v2%2Fupload-image', { body: upload.body, contentType: upload.contentType }],
      ['PUT', `/API/admin/users/${other.user.id}/role`, { body: JSON.stringify({ role: 'admin' }) }],
    ];
    for (const [method, path, options] of attempts) {
      const res = await rawRequest(user.client, method, path, options);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect(eventCount(server)).toBe(before);
    expect(storedUploads(server)).toEqual(uploads);
  });

  afterAll(() => {
    // The figures the security note reports.
    console.info(`route-variant walk: ${counts.routes} routes, ${counts.roles} roles, ${counts.variantCalls} variant calls, ${counts.csrfCalls} CSRF calls`);
  });
});

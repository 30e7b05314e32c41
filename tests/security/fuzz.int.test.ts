/**
 * Fuzzes EVERY route the server registered (RunningServer.routes, read from the routers, so a new
 * route is fuzzed without touching this file) over real HTTP with fast-check bodies: wrong types,
 * huge strings at and over the body cap, deep nesting, arrays for objects, nulls, `__proto__` /
 * `constructor` / `prototype` keys, unicode (lone surrogates, RTL, zero-width, ZWJ emoji), number
 * edge cases, malformed JSON and wrong content types. Path parameters take real ids of the
 * caller's own resources, of another user's, and junk.
 *
 * For every answer: no status >= 500; a 4xx is JSON with a `message`; a refused (4xx) request
 * changed nothing (event count and a checksum of the read models); Object.prototype is untouched
 * (the server runs in this process).
 *
 * The seed is fixed unless RIPOSTE_FUZZ_SEED says otherwise (a number replays a printed run,
 * `random` explores); RIPOSTE_FUZZ_RUNS sets the bodies per route.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkEntry, dateIn, multipart, PNG_1X1, visibleTargets } from '../api/schedules.support';
import { startTestServer, uniqueName, type Client, type Reply, type TestServer } from '../api/support';
import { consent } from '../api/x.support';
import { bodies, extraHeaders, multipartBodies, openState, queries, type Body, type State } from './fuzz.support';

// A fixed seed by default, so that the suite gives the same answer on every run (CI included);
// RIPOSTE_FUZZ_SEED=random explores new inputs, and any printed seed replays its run.
const DEFAULT_SEED = 20261123;
const seedSetting = process.env.RIPOSTE_FUZZ_SEED;
const SEED = seedSetting === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(seedSetting ?? DEFAULT_SEED);
const RUNS = Number(process.env.RIPOSTE_FUZZ_RUNS ?? 60);

let server: TestServer;
let state: ReturnType<typeof openState>;
let admin: Client;
let alice: Client;
let aliceId: string;
let aliceName: string;
let bob: Client;
let bobId: string;

/** Ids by kind: the caller's own resources and another user's. */
interface Owned {
  user: string;
  template: string;
  group: string;
  schedule: string;
  xAccount: string;
  account: string;
  upload: string;
  token: string;
}
let own: Owned;
let theirs: Owned;
/** Seed bodies: a valid request for each route, by "METHOD path". */
let seeds: Record<string, Record<string, unknown>>;


const ok = (res: Reply, what: string) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body as Record<string, unknown>;
};

/** The emulator's consent form, submitted as a person would; answers the PIN it shows. */
const consentPin = async (authUrl: string, username: string): Promise<string> => {
  const { pin } = await consent(authUrl, username);
  if (pin === null) throw new Error(`no PIN from the X emulator for ${username}`);
  return pin;
};

/**
 * One of each resource a user can own, made through the API; the X account through the real PIN
 * flow against the X emulator, so its tokens are sealed with the server's own key.
 */
const resourcesOf = async (client: Client, userId: string, handle: string, target: string): Promise<Owned> => {
  const template = ok(await client.post('/api/templates', { name: `T ${handle}`, content: 'Great point, thanks for sharing' }), 'template');
  const group = ok(await client.post('/api/template-groups', { name: `G ${handle}` }), 'group');
  // Two connect requests before the first is used: a plan's single slot refuses new ones after.
  const connect = ok(await client.get('/api/x/auth/url'), 'connect request');
  const pending = ok(await client.get('/api/x/auth/url'), 'pending connect request');
  const pin = await consentPin(String(connect.url), `${handle}_x`);
  ok(await client.post('/api/x/auth/verify-pin', { token: connect.token, pinCode: pin }), 'PIN');
  const connected = ok(await client.get('/api/x/accounts'), 'X accounts') as { accounts: { id: string }[] };
  const xAccount = connected.accounts[0]!.id;
  const schedule = ok(
    await client.post('/api/v2/schedule', { accountId: target, connectedAccountId: xAccount, peakWindowType: 'morning_peak', content: `Hello from ${handle}` }),
    'schedule',
  );
  const account = ok(
    await client.post('/api/accounts', { username: `${handle}_watch`, displayName: `Watch ${handle}`, xUserId: String(7_000_000 + Math.floor(Math.random() * 1_000_000)) }),
    'monitored account',
  );
  const image = multipart('image', 'dot.png', 'image/png', PNG_1X1);
  const upload = ok(
    await client.request('POST', '/api/v2/upload-image', undefined, { raw: image.body, headers: { 'Content-Type': image.contentType } }),
    'upload',
  );
  return {
    user: userId,
    template: String(template.id),
    group: String(group.id),
    schedule: String((schedule.schedule as { id: string }).id),
    xAccount,
    account: String(account.id),
    upload: String(upload.imageUrl).replace(/^\/uploads\//, ''),
    token: String(pending.token),
  };
};

beforeAll(async () => {
  // No scheduler: nothing may append events between a request and the check that follows it.
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off', RIPOSTE_AI_USER_LIMIT: '0' });
  admin = await server.admin();
  aliceName = uniqueName('alice');
  ({ client: alice, user: { id: aliceId } } = await server.newUser(aliceName));
  ({ client: bob, user: { id: bobId } } = await server.newUser());
  // Alice may bulk schedule (legacy) and add monitored accounts; so may Bob add accounts.
  ok(await admin.put(`/api/admin/users/${aliceId}/role`, { role: 'legacy' }), 'legacy role');
  for (const id of [aliceId, bobId]) ok(await admin.put(`/api/admin/users/${id}/permissions`, { mayAddMonitoredAccounts: true }), 'permission');
  const target = (await visibleTargets(alice))[0]!.id;
  own = await resourcesOf(alice, aliceId, 'fz_alice', target);
  theirs = await resourcesOf(bob, bobId, 'fz_bob', target);
  const entry = bulkEntry(target, own.xAccount);
  const password = { currentPassword: 'not-the-password', newPassword: 'brand-new-pw-2', confirmPassword: 'brand-new-pw-2' };
  seeds = {
    'POST /api/auth/login': { username: uniqueName('ghost'), password: 'wrong-pw-x' },
    'POST /api/auth/register': { email: 'fz@example.com', username: 'fzuser', fullName: 'Fuzz User', password: 'secret-pw-1', confirmPassword: 'secret-pw-1' },
    'PUT /api/auth/profile': { fullName: 'Alice Fuzz', name: 'Al', timeZone: 'Europe/Paris' },
    'PUT /api/auth/change-password': password,
    'POST /api/user/email': { email: 'alice-fz@example.com', subscribedToUpdates: true, currentPassword: 'secret-pw-1' },
    'POST /api/templates': { name: 'Fuzzed', content: 'Thanks for this' },
    'PUT /api/templates/:id': { name: 'Fuzzed', content: 'Thanks for this' },
    'POST /api/template-groups': { name: 'Fuzzed group' },
    'PUT /api/template-groups/:id': { name: 'Fuzzed group' },
    'PUT /api/template-groups/:id/templates': { templateIds: [own.template] },
    'POST /api/accounts': { username: 'fz_added', displayName: 'Added', xUserId: '424242' },
    'POST /api/accounts/legacy/verify-pin': { pin: '0000' },
    'PUT /api/accounts/:id': { displayName: 'Renamed', bio: 'Bio', isActive: true, monitoringTier: 'low', shouldMonitor: true },
    'PATCH /api/accounts/:id/visibility': { visibleToLegacy: true, visibleToNormal: true, adminOnly: false },
    'PATCH /api/accounts/:id/tier': { tier: 'standard' },
    'POST /api/schedules': {
      accountId: target,
      connectedAccountId: own.xAccount,
      userId: aliceId,
      templateId: own.template,
      scheduleType: 'recurring',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [1, 3, 5],
      recurringHour: 8,
      recurringMinute: 0,
    },
    'POST /api/v2/schedule': { accountId: target, connectedAccountId: own.xAccount, peakWindowType: 'morning_peak', content: 'Fuzzed reply', imageUrl: `/uploads/${own.upload}` },
    'POST /api/bulk-replies': entry,
    'POST /api/bulk-replies/batch': { entries: [{ ...entry, scheduledDate: dateIn(4) }, { ...entry, scheduledDate: dateIn(4), scheduledTime: 'afternoon' }] },
    'POST /api/v2/repurpose': { originalContent: 'A post worth answering', targetStyle: 'contrarian' },
    'POST /api/repurpose-content': { content: 'A post worth answering', maxLength: 280 },
    'POST /api/generate-ai-reply': { tweetText: 'A post worth answering' },
    'POST /api/templates/preview': { content: 'A post worth answering', viralStyle: 'dark_humor', aiMaxLength: 200, seed: 1 },
    'POST /api/x/auth/verify-pin': { token: own.token, pinCode: '1234567' },
    'POST /api/x/auth/reconnect-pin': { accountId: own.xAccount, pinCode: '1234567', token: own.token },
    'POST /api/x/test-tweet': { connectedAccountId: own.xAccount, content: 'Hello from the fuzz' },
    'PUT /api/admin/users/:id/role': { role: 'legacy' },
    'PUT /api/admin/users/:id/permissions': { mayAddMonitoredAccounts: true },
  };
  state = openState(server.dataDir);
}, 120_000);

afterAll(async () => {
  state?.close();
  await server?.close();
});

/**
 * A new pending X connect request for Alice, in place of the old one everywhere. Connect starts
 * are limited per user and the fuzz of the start calls spends them: once refused (429), the old
 * request stays (still a real token, perhaps no longer pending).
 */
const refreshToken = async () => {
  const res = await alice.get('/api/x/auth/url');
  if (res.status === 429) return;
  const fresh = String(ok(res, 'pending connect request').token);
  for (const [k, seed] of Object.entries(seeds)) seeds[k] = JSON.parse(JSON.stringify(seed).replaceAll(own.token, fresh)) as Record<string, unknown>;
  own = { ...own, token: fresh };
};

// ---- the plan ---------------------------------------------------------------------------------

/** Calls that end the caller's session: fuzzed as a visitor (their refusals are what matters). */
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'GET /api/auth/logout']);
/**
 * Calls that answer 2xx whatever the id: the page's poll answers `{ status: 'error' }` for another
 * browser's token exactly as for an unknown one (x-oauth-binding.int.test.ts checks that).
 */
const OWNERSHIP_EXEMPT = new Set<string>(['GET /api/x/auth/status/:token']);
/** Calls a visitor makes. */
const VISITOR = new Set(['POST /api/auth/login', 'POST /api/auth/register']);

const JUNK_IDS = [
  '',
  'nope',
  '00000000-0000-0000-0000-000000000000',
  '..%2F..%2Fevents.db',
  '%2e%2e',
  '%00',
  '%E0%A4%A',
  '%uD800',
  '%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9',
  '%E2%80%AE',
  '__proto__',
  'constructor',
  'prototype',
  'a'.repeat(300),
  '-0',
  '1e308',
  'NaN',
  'x.png',
  '..',
];

/** Which kind of id a path parameter names, from the path around it. */
const kindOf = (path: string, param: string): keyof Owned | null => {
  if (param === 'file') return 'upload';
  if (param === 'token') return 'token';
  if (path.includes('/template-groups/')) return 'group';
  if (path.includes('/templates/')) return 'template';
  if (path.includes('/schedules/')) return 'schedule';
  if (path.startsWith('/api/x/')) return 'xAccount';
  if (path.includes('/accounts/')) return 'account';
  if (path.includes('/users/')) return 'user';
  return null;
};

/** Kinds a user owns alone: another user's id of these kinds must be refused to Alice. */
const PRIVATE: ReadonlySet<keyof Owned> = new Set(['template', 'group', 'schedule', 'xAccount', 'upload', 'token', 'account']);

interface Param {
  value: string;
  /** Another user's resource, which Alice may not see or change. */
  foreign: boolean;
}

const paramValue = (path: string, param: string): fc.Arbitrary<Param> => {
  const kind = kindOf(path, param);
  const mine = kind === null ? [own.user, own.template] : [own[kind]];
  const others = kind === null ? [theirs.user, theirs.template] : [theirs[kind]];
  const foreign = kind !== null && PRIVATE.has(kind);
  return fc.oneof(
    fc.constantFrom(...mine).map((value) => ({ value, foreign: false })),
    fc.constantFrom(...others).map((value) => ({ value, foreign })),
    fc.constantFrom(...JUNK_IDS).map((value) => ({ value, foreign: false })),
  );
};

/** A concrete path for a pattern: every `:param` replaced by an id. */
const concretePaths = (path: string): fc.Arbitrary<{ path: string; foreign: boolean }> => {
  const parts = path.split(/(:[A-Za-z_]+)/);
  return fc
    .tuple(...parts.map((part) => (part.startsWith(':') ? paramValue(path, part.slice(1)) : fc.constant({ value: part, foreign: false }))))
    .map((ps) => ({ path: ps.map((p) => p.value).join(''), foreign: ps.some((p) => p.foreign) }));
};

/** The valid body with one of Alice's ids in it swapped for Bob's id of the same kind. */
const foreignBodies = (seed: Record<string, unknown> | undefined): Body[] => {
  if (seed === undefined) return [];
  const text = JSON.stringify(seed);
  return [...PRIVATE]
    .filter((kind) => text.includes(own[kind]))
    .map((kind) => ({ kind: `another user's ${kind}`, text: text.replaceAll(own[kind], theirs[kind]), contentType: 'application/json' }));
};

/** A path with every parameter naming the caller's own resource. */
const ownPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, (_p, name: string) => own[kindOf(path, name) ?? 'user']);

interface Request {
  path: string;
  /** The path names another user's resource, or the body holds another user's id. */
  foreign: boolean;
  query: string;
  body: Body | null;
  headers?: Record<string, string>;
  /** Sent chunked: the server learns the size only by reading. */
  chunked?: boolean;
}

const requests = (method: string, path: string): fc.Arbitrary<Request> => {
  const seed = seeds[`${method} ${path}`];
  const withBody = method !== 'GET';
  const foreign = foreignBodies(seed);
  return fc
    .record({
      target: concretePaths(path),
      query: queries,
      body: withBody
        ? fc.oneof(
            { weight: 9, arbitrary: bodies(seed ?? {}) },
            ...(foreign.length > 0 ? [fc.constantFrom(...foreign)] : []),
            // Upload calls read multipart bodies: half of theirs are multipart.
            ...(path.includes('upload') ? [{ weight: 9, arbitrary: multipartBodies }] : []),
          )
        : fc.constant(null),
      headers: extraHeaders,
      chunked: fc.boolean(),
    })
    .map(({ target, body, ...rest }) => ({ ...rest, body, path: target.path, foreign: target.foreign || (body?.kind.startsWith('another user') ?? false) }));
};

/** Calls that use a pending X request: first, before the fuzzed start calls spend the per-user limit. */
const usesToken = (r: { method: string; path: string }) => r.path.includes(':token') || JSON.stringify(seeds[`${r.method} ${r.path}`] ?? {}).includes(own.token);

/** Reads first, then writes, deletes, and the admin's calls last (they may change the callers). */
const order = (r: { method: string; path: string }) =>
  (usesToken(r) ? -10 : 0) +
  (r.path.startsWith('/api/admin') ? 3 : 0) + (r.method === 'DELETE' ? 2 : 0) + (r.method === 'GET' ? 0 : 1) + (ENDS_SESSION.has(`${r.method} ${r.path}`) ? 0.5 : 0);

// ---- checks -----------------------------------------------------------------------------------

interface Counts {
  sent: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
}
const emptyCounts = (): Counts => ({ sent: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 });

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const PROTOTYPE = prototypeNames();
const polluted = (): string | null => {
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined || probe.isAdmin !== undefined || probe.role !== undefined) return 'a property appeared on every object';
  return prototypeNames() === PROTOTYPE ? null : `Object.prototype now has ${prototypeNames()}`;
};

const describeBody = (req: Request) => {
  const headers = Object.keys(req.headers ?? {}).length > 0 ? ` headers ${JSON.stringify(req.headers).slice(0, 200)}` : '';
  const body = req.body;
  if (body === null) return `(no body)${headers}`;
  const text = body.text === undefined ? '' : typeof body.text === 'string' ? body.text : body.text.toString('latin1');
  const shown = text.length > 160 ? `${text.slice(0, 160)}... (${text.length} chars)` : text;
  return `${body.kind} [${body.contentType ?? 'no content type'}${req.chunked === true ? ', chunked' : ''}]${headers} ${shown}`;
};

describe('API fuzz', () => {
  it(
    'answers every route with no 5xx, JSON 4xx with a message, and refusals that change nothing',
    async () => {
      const callers = { alice: () => alice, admin: () => admin, visitor: () => server.client() };
      const findings: string[] = [];
      const perRoute = new Map<string, Counts>();
      const total = emptyCounts();
      const slowest: { key: string; ms: number; kind: string }[] = [];
      const validAnswers: string[] = [];
      const routes = [...server.routes].sort((a, b) => order(a) - order(b));
      console.log(`API fuzz: seed ${SEED} (RIPOSTE_FUZZ_SEED to replay), ${RUNS} requests per route and caller, ${routes.length} routes`);

      let before: State = await state.settled();
      for (const [index, { method, path }] of routes.entries()) {
        const key = `${method} ${path}`;
        // Who calls: a visitor for the public and session-ending calls, the admin on admin-only
        // calls (a user's call stops at 403 before the body is read), Alice everywhere else.
        let who: keyof typeof callers = ENDS_SESSION.has(key) || VISITOR.has(key) ? 'visitor' : 'alice';
        if (who === 'alice' && path.startsWith('/api/admin')) who = 'admin';
        const counts = emptyCounts();
        perRoute.set(key, counts);
        // Pending X requests are capped per session, and the GETs above started many: a fresh one.
        if (usesToken({ method, path })) await refreshToken();
        // The valid body first (so the log shows whether the bodies below start from a valid one).
        const seed = seeds[key];
        const validRequest: Request = { path: ownPath(path), foreign: false, query: '', body: { kind: 'valid body', text: JSON.stringify(seed), contentType: 'application/json' } };
        // Twice when Alice calls: the second goes to the admin (see the caller below).
        const valid: Request[] = seed === undefined ? [] : who === 'alice' ? [validRequest, validRequest] : [validRequest];
        const samples = [...valid, ...fc.sample(requests(method, path), { numRuns: RUNS, seed: SEED + index })];
        let reported = 0;
        for (const [n, req] of samples.entries()) {
          // Admin-only calls that are not under /api/admin: half the bodies from the admin.
          const caller = who === 'alice' && n % 2 === 1 && (method !== 'GET' || path.includes(':')) ? 'admin' : who;
          const headers: Record<string, string> = { ...req.headers };
          if (req.body?.contentType !== undefined) headers['Content-Type'] = req.body.contentType;
          const started = performance.now();
          let res: Reply;
          try {
            res = await callers[caller]().request(method, req.path + req.query, undefined, {
              headers,
              newConnection: true,
              ...(req.body?.text !== undefined ? { raw: req.body.text, chunked: req.chunked === true } : {}),
            });
          } catch (error) {
            findings.push(`${key} as ${caller}: no answer (${String(error)}) to ${req.path}${req.query.slice(0, 60)} ${describeBody(req)}`);
            continue;
          }
          const ms = performance.now() - started;
          if (req.body?.kind === 'valid body') validAnswers.push(`${key} as ${caller}: ${res.status}${res.status >= 400 ? ` ${res.text.slice(0, 120)}` : ''}`);
          slowest.push({ key, ms, kind: req.body?.kind ?? 'GET' });
          counts.sent += 1;
          total.sent += 1;
          const klass = `${Math.floor(res.status / 100)}xx` as keyof Counts;
          counts[klass] += 1;
          total[klass] += 1;
          const problems: string[] = [];
          if (res.status >= 500) problems.push(`answered ${res.status}: ${res.text.slice(0, 200)}`);
          if (res.status >= 400 && res.status < 500) {
            const message = (res.body as { message?: unknown } | null)?.message;
            if (!(res.headers.get('content-type') ?? '').includes('application/json') || typeof message !== 'string' || message === '')
              problems.push(`answered ${res.status} without a JSON message: ${res.headers.get('content-type')} ${res.text.slice(0, 200)}`);
            const after = state.snapshot();
            if (after.events !== before.events) problems.push(`refused (${res.status}) but appended ${state.appendedAfter(before.head).join(', ')}`);
            else if (after.read !== before.read) problems.push(`refused (${res.status}) but the read models changed`);
            else if (after.uploads !== before.uploads) {
              const was = new Set(before.uploads.split(','));
              const now = new Set(after.uploads.split(','));
              const added = [...now].filter((f) => !was.has(f));
              const removed = [...was].filter((f) => !now.has(f));
              problems.push(`refused (${res.status}) but the uploaded files changed (added ${added.join(' ')}; removed ${removed.join(' ')}): ${res.text.slice(0, 120)}`);
            }
          }
          // Someone else's resource is not found, exactly like one that never existed.
          if (req.foreign && caller === 'alice' && res.status < 400 && !OWNERSHIP_EXEMPT.has(key))
            problems.push(`answered ${res.status} to Alice for another user's resource: ${res.text.slice(0, 200)}`);
          const pollution = polluted();
          if (pollution !== null) problems.push(`prototype pollution: ${pollution}`);
          if (problems.length > 0 && reported < 3) {
            reported += 1;
            findings.push(`${key} as ${caller}: ${problems.join('; ')}\n    request: ${method} ${req.path}${req.query.slice(0, 80)} ${describeBody(req)}`);
          }
          // After an accepted call (or a refusal that changed something), wait for the read models.
          if (res.status < 400 || problems.length > 0) before = await state.settled();
        }
      }

      const rows = Object.fromEntries([...perRoute].map(([k, c]) => [k, c]));
      console.table(rows);
      console.log(`API fuzz: ${total.sent} requests over ${perRoute.size} routes: 2xx ${total['2xx']}, 3xx ${total['3xx']}, 4xx ${total['4xx']}, 5xx ${total['5xx']}`);
      slowest.sort((a, b) => b.ms - a.ms);
      console.log(`API fuzz: slowest answers: ${slowest.slice(0, 5).map((s) => `${s.key} ${s.kind} ${Math.round(s.ms)} ms`).join('; ')}`);
      console.log(`API fuzz: the valid bodies were answered:\n${validAnswers.join('\n')}`);
      if (findings.length > 0) console.log(`API fuzz findings (seed ${SEED}):\n${findings.join('\n')}`);
      expect(findings).toEqual([]);
      expect([...perRoute.keys()].sort()).toEqual(server.routes.map((r) => `${r.method} ${r.path}`).sort());
    },
    600_000,
  );

  it('keeps Object.prototype clean when any body route receives __proto__ and constructor.prototype payloads', async () => {
    const payloads = [
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"a":{"__proto__":{"polluted":1}},"b":[{"constructor":{"prototype":{"polluted":1}}}]}',
    ];
    let sent = 0;
    for (const { method, path } of server.routes) {
      if (method === 'GET' || ENDS_SESSION.has(`${method} ${path}`)) continue;
      const seed = JSON.stringify(seeds[`${method} ${path}`] ?? {});
      const concrete = ownPath(path);
      const client = path.startsWith('/api/admin') ? admin : VISITOR.has(`${method} ${path}`) ? server.client() : alice;
      for (const payload of payloads) {
        // Alone, and merged into a valid body (so it reaches the services, not only validation).
        for (const raw of [payload, seed === '{}' ? payload : `${payload.slice(0, -1)},${seed.slice(1)}`]) {
          const res = await client.request(method, concrete, undefined, { raw });
          sent += 1;
          expect({ route: `${method} ${path}`, raw, status: res.status < 500 }).toEqual({ route: `${method} ${path}`, raw, status: true });
          expect({ route: `${method} ${path}`, raw, polluted: polluted() }).toEqual({ route: `${method} ${path}`, raw, polluted: null });
        }
      }
    }
    expect(sent).toBeGreaterThan(60);
  }, 120_000);
});

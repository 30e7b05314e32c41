/**
 * API tests talk to a real server over real HTTP: startServer on a random port with a temporary
 * data dir and the SQLite store. `Client` is a tiny browser stand-in: it keeps cookies like a
 * browser would (per name, honouring deletion) and sends the CSRF header the web app sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
// Tests may import apps (design: dependency rule); the lint rule does not know tests yet.
import { startServer, type RunningServer, type StartOptions } from '@apps/server/src/start';

export { startServer };

export const ADMIN_PASSWORD = 'bootstrap-admin-pw';

/** Test-only settings: cheap argon2 (refused outside NODE_ENV=test), a known admin password. */
export const testEnv = (dataDir: string): Record<string, string> => ({
  PORT: '0',
  HOST: '127.0.0.1',
  RIPOSTE_DATA_DIR: dataDir,
  RIPOSTE_EVENT_STORE: 'sqlite',
  RIPOSTE_SQLITE_SYNCHRONOUS: 'NORMAL',
  RIPOSTE_ADMIN_PASSWORD: ADMIN_PASSWORD,
  NODE_ENV: 'test',
  RIPOSTE_TEST_FAST_HASHES: 'true',
  // Suites register many users from one address; tests/security/registration.int.test.ts lowers it.
  RIPOSTE_REGISTER_LIMIT: '10000',
  // The test process is client and server on one event loop, and a suite reads without pause as
  // one user: no share of reads (tests/security/read-share.int.test.ts sets its own).
  RIPOSTE_READ_BURST_MS: '3600000',
  // Every test client is 127.0.0.1, one anonymous caller for the read share: parallel anonymous
  // calls of a suite are not a flood.
  RIPOSTE_READ_CONCURRENCY: '64',
  LOG_LEVEL: 'info',
});

/** Collects log lines in memory (the redaction test greps them). */
export const logCapture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
};

export interface TestServer extends RunningServer {
  logs: ReturnType<typeof logCapture>;
  client(): Client;
  /** A client signed in as a fresh user (registered through the API). */
  newUser(name?: string): Promise<{ client: Client; user: Record<string, unknown> & { id: string; username: string } }>;
  /** The bootstrap admin, signed in, with its password already changed. */
  admin(): Promise<Client>;
}

let counter = 0;
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const startTestServer = async (
  overrides: Record<string, string | undefined> = {},
  options: StartOptions = {},
): Promise<TestServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'riposte-api-'));
  const logs = logCapture();
  const server = await startServer({ ...testEnv(dataDir), ...overrides }, { logDestination: logs.stream, ...options });
  let adminClient: Client | null = null;
  const client = () => new Client(server.url);
  return {
    ...server,
    logs,
    client,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    newUser: async (name = uniqueName()) => {
      const c = client();
      const res = await c.post('/api/auth/register', {
        email: `${name}@example.com`,
        username: name,
        fullName: `Full ${name}`,
        password: 'secret-pw-1',
        confirmPassword: 'secret-pw-1',
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { client: c, user: (res.body as { user: { id: string; username: string } }).user };
    },
    admin: async () => {
      if (adminClient !== null) return adminClient;
      const c = client();
      // A test may already have replaced the bootstrap password.
      let login = await c.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
      if (login.status === 401) login = await c.post('/api/auth/login', { username: 'admin', password: 'admin-new-pw' });
      if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
      if (!(login.body as { user: { passwordChangeRequired: boolean } }).user.passwordChangeRequired) {
        adminClient = c;
        return c;
      }
      const change = await c.put('/api/auth/change-password', {
        currentPassword: ADMIN_PASSWORD,
        newPassword: 'admin-new-pw',
        confirmPassword: 'admin-new-pw',
      });
      if (change.status !== 200) throw new Error(`admin password change failed: ${change.status} ${JSON.stringify(change.body)}`);
      adminClient = c;
      return c;
    },
  };
};

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  /** The body as received (images). */
  bytes: Buffer;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send the CSRF header (default true, like the web app). */
  csrf?: boolean;
  /** A raw body (sent as is) instead of JSON. */
  raw?: string | Buffer;
  /** Send the body chunked, with no Content-Length (the server learns its size only by reading). */
  chunked?: boolean;
  /** A connection of its own, closed after the answer (no keep-alive socket shared with other calls). */
  newConnection?: boolean;
}

/**
 * node:http rather than fetch: fetch drops a Host header it is given, and the tests need to act as
 * a browser reaching the server under another name.
 */
const send = (base: string, path: string, method: string, headers: Record<string, string>, body: string | Buffer | undefined, newConnection = false) =>
  new Promise<{ status: number; headers: Headers; setCookies: string[]; text: string; bytes: Buffer }>((resolve, reject) => {
    // The path goes out as written: a URL would resolve dot segments (`/a/%2e%2e`) before sending,
    // and the tests try exactly those paths on the server.
    const { hostname, port } = new URL(base);
    const req = httpRequest({ hostname: hostname.replace(/^\[|\]$/g, ''), port, path, method, headers, ...(newConnection ? { agent: false } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (k === 'set-cookie' || v === undefined) continue;
          h.set(k, Array.isArray(v) ? v.join(', ') : v);
        }
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: h, setCookies: res.headers['set-cookie'] ?? [], text: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });

export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The session id cookie's value (riposte.sid or __Host-riposte.sid). */
  sessionId(): string | undefined {
    return this.cookies.get('riposte.sid') ?? this.cookies.get('__Host-riposte.sid');
  }

  /** A second client holding the same cookies (a stolen or stale copy of this browser's cookies). */
  clone(): Client {
    const c = new Client(this.base);
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }

  async request(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.csrf !== false) headers['X-Riposte-Request'] = '1';
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    let payload: string | Buffer | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && headers['Content-Type'] === undefined) headers['Content-Type'] = 'application/json';
    // node:http frames a DELETE body only when told its length.
    if (payload !== undefined && options.chunked !== true) headers['Content-Length'] = String(Buffer.byteLength(payload));
    // Said outright: node:http chunks a body by default only for methods that usually have one.
    if (payload !== undefined && options.chunked === true) headers['Transfer-Encoding'] = 'chunked';
    const res = await send(this.base, path, method, headers, payload, options.newConnection);
    for (const line of res.setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = res.text;
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text, bytes: res.bytes };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, undefined, options);
  }
  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', path, body, options);
  }
  put(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', path, body, options);
  }
}

/** The `{ message, field }` of an error answer. */
export const errorOf = (reply: Reply) => reply.body as { message: string; error?: string; field?: string; code?: string };

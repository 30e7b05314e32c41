/**
 * The X emulator: a local HTTP server speaking the part of the X API Riposte uses, at X's paths
 * and with X's shapes, so the real adapter (twitter-api-v2) runs against it unchanged. It checks
 * OAuth 1.0a signatures, applies X's rules to posts (the 2026 summon rule switchable), sends
 * x-rate-limit headers and 429s, and its simulated accounts (the 30 curated ones) post on their
 * own on a schedule with peaks at the spec's windows, deterministic given a seed and a clock.
 *
 * `control` drives it from tests: make posts, delete them, suspend accounts, revoke tokens,
 * exhaust rate limits, switch the summon rule, and inject faults (delays, statuses, dropped or
 * hanging connections, before or after a post was stored).
 */
import { createDuplicateRule, type DuplicateRule } from './duplicates';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CURATED_ACCOUNTS, type CuratedAccount } from '@core/monitoring/curated-accounts';
import { createAuthenticator, type Ctx } from './auth';
import { createControl, type Fault, type XEmulatorControl } from './control';
import { CONTROL_PATH, createControlHandler } from './control-http';
import { createMediaRoutes } from './media';
import { loadWorld, saveWorld } from './persist';
import { createRateLimits, type Endpoint } from './rate-limits';
import { createStream } from './stream';
import { createApiRoutes, type AppStanding } from './routes-api';
import { createSearchRoute } from './routes-search';
import { createOAuthRoutes } from './routes-oauth';
import { createWebRoutes } from './routes-web';
import { createWebSessions } from './web-session';
import { problem, type Reply } from './wire';
import { createWorld, type EmuApp } from './world';

export const SANDBOX_APP: EmuApp = {
  name: 'Riposte (sandbox)',
  consumerKey: 'sandbox-consumer-key',
  consumerSecret: 'sandbox-consumer-secret',
  access: 'self_serve',
  bearerToken: 'AAAAAAAAAAAAAAAAAAAAAsandbox-bearer-token',
};

export interface XEmulatorOptions {
  /** Loopback by default: the emulator has no business on a network. */
  host?: string;
  port?: number;
  /** Same seed and clock, same simulated timelines. Default 1. */
  seed?: number;
  /** New users get ids from this + 1 on (default 1700000000000000000); see createWorld. */
  userIdBase?: bigint;
  /** Epoch milliseconds; default Date.now. Simulated posts exist up to this time. */
  clock?: () => number;
  /** The app Riposte signs in as (default SANDBOX_APP); more apps may be added through control. */
  app?: Partial<EmuApp>;
  /** The 2026 rule for self-serve apps; default on, as on X. */
  summonRule?: boolean;
  /** X's refusal of a repeat of an author's recent post (duplicates.ts); default on, a week. */
  duplicateRule?: Partial<DuplicateRule>;
  /** How X stands with the app at the start (default: credits, enrolled, X's 2026 words); control.standing switches it. */
  standing?: Partial<AppStanding>;
  /** The simulated accounts; default the 30 curated accounts. */
  accounts?: readonly CuratedAccount[];
  /**
   * Whether the simulated accounts post on their own (default true). Off, they exist (same ids,
   * names and followers) but post only what control makes them post: a test that needs to know
   * which post is an account's freshest.
   */
  simulatedPosts?: boolean;
  /** Sandbox users that exist from the start (they can also be created on the consent page). */
  sandboxUsers?: readonly string[];
  /** Sandbox users on X Premium (made when unknown): they may post 25,000 characters. */
  premiumUsers?: readonly string[];
  /** Per-15-minute limits per endpoint and caller, and posts per user per 24 hours. */
  limits?: Partial<Record<Endpoint, number>>;
  postsPerDay?: number;
  /** Posts per 24 hours for all the users of one app together (X's app cap); default 10,000. */
  appPostsPerDay?: number;
  /**
   * X's own time to answer an API call, for benchmarks: each API request waits `latencyMs` plus a
   * uniform random share of `latencyJitterMs` before it is handled. Default 0 (tests stay fast).
   */
  latencyMs?: number;
  latencyJitterMs?: number;
  /**
   * A JSON file that keeps the sandbox users, their tokens and the live posts across restarts
   * (persist.ts): read at start, written after every change made over HTTP and at close.
   */
  stateFile?: string;
  /** Time between two heartbeats ("\r\n") on the filtered stream; X: about 20 seconds. */
  streamHeartbeatMs?: number;
  /**
   * Answers `control` over HTTP at /sandbox/control/* (control-http.ts), for tests that run the
   * emulator in a process of their own. Default off: anyone who reaches the port could drive it.
   */
  controlApi?: boolean;
}

export interface XEmulator {
  /** http://127.0.0.1:PORT: the API, the OAuth pages and the web intents all live here. */
  readonly url: string;
  readonly app: EmuApp;
  readonly control: XEmulatorControl;
  close(): Promise<void>;
}

const MAX_BODY = 12 * 1024 * 1024;
const STREAM_PATH = '/2/tweets/search/stream';

const readBody = async (req: IncomingMessage): Promise<Buffer | null> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

const write = (res: ServerResponse, reply: Reply) => {
  const isText = reply.text !== undefined;
  const payload = isText ? reply.text : JSON.stringify(reply.body ?? {});
  res.writeHead(reply.status, {
    'content-type': reply.contentType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
    'content-length': String(Buffer.byteLength(payload ?? '')),
    ...reply.headers,
  });
  res.end(payload);
};

const STATUS_TITLES: Readonly<Record<number, string>> = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What X's servers answer (the API and OAuth), as opposed to the pages a person's browser opens. */
const isApiCall = (path: string) => /^\/(2|1\.1|oauth2)\//.test(path) || /^\/oauth\/(request_token|access_token)$/.test(path);

const notFound = (path: string): Reply =>
  path.startsWith('/2/') || path.startsWith('/1.1/')
    ? problem(404, 'Not Found Error', `Sorry, that page does not exist: ${path}`)
    : { status: 404, text: 'Not found', contentType: 'text/plain; charset=utf-8' };

export const startXEmulator = async (options: XEmulatorOptions = {}): Promise<XEmulator> => {
  const now = options.clock ?? Date.now;
  const world = createWorld(options.seed ?? 1, now, options.userIdBase, options.simulatedPosts ?? true);
  const app: EmuApp = { ...SANDBOX_APP, ...options.app };
  world.apps.set(app.consumerKey, app);
  (options.accounts ?? CURATED_ACCOUNTS).forEach((a, index) =>
    world.addUser({
      username: a.username,
      displayName: a.displayName,
      description: a.bio ?? '',
      verified: true,
      followers: 1_000_000 * (a.monitoringTier === 'high' ? 50 : a.monitoringTier === 'standard' ? 20 : 80),
      createdAt: Date.UTC(2009, 0, 1),
      simulated: { username: a.username, topicKeyword: a.topicKeyword ?? a.displayName, monitoringTier: a.monitoringTier, timeZone: a.timeZone, worker: index + 1 },
    }),
  );
  if (options.stateFile) loadWorld(world, options.stateFile);
  for (const username of options.sandboxUsers ?? []) world.addUser({ username });
  for (const username of options.premiumUsers ?? []) world.addUser({ username }).premium = true;
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = undefined;
    if (!options.stateFile) return;
    try {
      saveWorld(world, options.stateFile);
    } catch (error) {
      // A full disk must not take the server down with it; the next change tries again.
      process.emitWarning(`Sandbox X could not save ${options.stateFile}: ${String(error)}`);
    }
  };
  const saveSoon = () => {
    if (options.stateFile && !saveTimer) saveTimer = setTimeout(save, 200);
  };

  const limits = createRateLimits(now, options.limits, options.postsPerDay, options.appPostsPerDay);
  const { authenticate } = createAuthenticator(world);
  let summonRule = options.summonRule ?? true;
  const standing: AppStanding = { creditsDepleted: false, notEnrolled: false, summonWording: '2026', ...options.standing };
  const duplicates = createDuplicateRule(options.duplicateRule);
  const api = createApiRoutes({ world, limits, authenticate, summonRule: () => summonRule, duplicates, now, standing });
  const search = createSearchRoute(world, api.guarded);
  const rule = { get: () => summonRule, set: (on: boolean) => void (summonRule = on) };
  const sessions = createWebSessions(world);
  const oauth = createOAuthRoutes(world, authenticate, sessions);
  const media = createMediaRoutes(world);
  const web = createWebRoutes({ world, sessions, summonRule: rule, duplicates, now });
  let latency = { ms: options.latencyMs ?? 0, jitterMs: options.latencyJitterMs ?? 0 };
  const stream = createStream({ world, limits, authenticate, mainApp: app, ...(options.streamHeartbeatMs === undefined ? {} : { heartbeatMs: options.streamHeartbeatMs }) });
  world.onNewPost(stream.publish);
  const control = createControl(
    world,
    limits,
    rule,
    {
      get: () => latency,
      set: (next) => void (latency = { ms: Math.max(0, next.ms), jitterMs: Math.max(0, next.jitterMs ?? 0) }),
    },
    stream.control,
    duplicates,
    standing,
    app,
  );

  const controlCall = options.controlApi === true ? createControlHandler(control) : null;

  type Handler = (ctx: Ctx, m: RegExpExecArray) => Reply;
  const routes: [string, RegExp, Handler][] = [
    ['GET', /^\/$/, (c) => web.home(c)],
    ['GET', /^\/i\/flow\/login$/, (c) => web.loginForm(c)],
    ['POST', /^\/i\/flow\/login$/, (c) => web.login(c)],
    ['POST', /^\/logout$/, (c) => web.logout(c)],
    ['POST', /^\/sandbox\/summon-rule$/, (c) => web.setSummonRule(c)],
    ['POST', /^\/oauth\/request_token$/, (c) => oauth.requestToken(c)],
    ['GET', /^\/oauth\/(authorize|authenticate)$/, (c, m) => oauth.consentPage(c, `/oauth/${m[1]}` as '/oauth/authorize')],
    ['POST', /^\/oauth\/(authorize|authenticate)$/, (c, m) => oauth.decide(c, `/oauth/${m[1]}` as '/oauth/authorize')],
    ['POST', /^\/oauth\/access_token$/, (c) => oauth.accessToken(c)],
    ['POST', /^\/oauth2\/token$/, (c) => oauth.bearerToken(c)],
    ['POST', /^\/1\.1\/oauth\/invalidate_token(?:\.json)?$/, (c) => oauth.invalidateToken(c)],
    ['GET', /^\/2\/users\/me$/, (c) => api.me(c)],
    ['GET', /^\/2\/users\/by\/username\/([^/]+)$/, (c, m) => api.userByUsername(decodeURIComponent(m[1] ?? ''))(c)],
    ['GET', /^\/2\/users\/([^/]+)\/tweets$/, (c, m) => api.userTweets(decodeURIComponent(m[1] ?? ''))(c)],
    ['GET', /^\/2\/tweets\/search\/recent$/, (c) => search(c)],
    ['GET', /^\/2\/tweets\/([^/]+)$/, (c, m) => api.tweet(decodeURIComponent(m[1] ?? ''))(c)],
    ['GET', /^\/2\/tweets$/, (c) => api.tweets(c)],
    ['POST', /^\/2\/tweets$/, (c) => api.createTweet(c)],
    ['GET', /^\/2\/tweets\/search\/stream\/rules$/, (c) => stream.getRules(c)],
    ['POST', /^\/2\/tweets\/search\/stream\/rules$/, (c) => stream.postRules(c)],
    ['POST', /^\/2\/media\/upload\/initialize$/, (c) => api.guarded('POST /2/media/upload', true, media.initialize)(c)],
    ['POST', /^\/2\/media\/upload\/([^/]+)\/append$/, (c, m) => api.guarded('POST /2/media/upload', true, media.append(m[1] ?? ''))(c)],
    ['POST', /^\/2\/media\/upload\/([^/]+)\/finalize$/, (c, m) => api.guarded('POST /2/media/upload', true, media.finalize(m[1] ?? ''))(c)],
    ['GET', /^\/2\/media\/upload$/, (c) => api.guarded('POST /2/media/upload', true, media.status)(c)],
    ['GET', /^\/intent\/(?:post|tweet)$/, (c) => web.intentForm(c)],
    ['POST', /^\/intent\/post$/, (c) => web.intentPost(c)],
    ['GET', /^\/([A-Za-z0-9_]{1,15})\/status\/(\d+)$/, (c, m) => web.status(m[1] ?? '', m[2] ?? '')],
  ];

  const route = (ctx: Ctx): Reply => {
    for (const [method, pattern, handler] of routes) {
      const m = method === ctx.method ? pattern.exec(ctx.path) : null;
      if (m) return handler(ctx, m);
    }
    return notFound(ctx.path);
  };

  const apply = (fault: Fault, res: ServerResponse) => {
    if (fault.kind === 'drop') res.socket?.destroy();
    else if (fault.kind === 'status') {
      const title = STATUS_TITLES[fault.status] ?? 'Error';
      write(res, { status: fault.status, body: fault.body ?? problem(fault.status, title, title).body, headers: fault.headers ?? {} });
    }
    else if (fault.kind === 'trickle') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '1000000' });
      const timer = setInterval(() => res.write(' '), fault.everyMs ?? 200);
      res.on('close', () => clearInterval(timer));
    }
    // 'hang': never answer; close() ends the socket.
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req);
    if (body === null) return write(res, problem(413, 'Payload Too Large', 'Request entity too large'));
    const contentType = String(req.headers['content-type'] ?? '');
    const form = /^application\/x-www-form-urlencoded/i.test(contentType) ? new URLSearchParams(body.toString('utf8')) : null;
    // The control is the test's hand, not a call to X: neither recorded nor met by faults.
    if (controlCall !== null && method === 'POST' && url.pathname.startsWith(CONTROL_PATH)) return write(res, controlCall(url.pathname.slice(CONTROL_PATH.length), body));
    const ctx: Ctx = { req, method, path: url.pathname, query: url.searchParams, body, contentType, form };
    control.record(req, method, url.pathname, url.search);
    if (isApiCall(url.pathname) && (latency.ms > 0 || latency.jitterMs > 0)) {
      await new Promise((r) => setTimeout(r, latency.ms + Math.random() * latency.jitterMs));
    }
    const faults = control.takeFaults(method, url.pathname);
    for (const f of faults) if (f.kind === 'delay') await new Promise((r) => setTimeout(r, f.ms));
    const fault = faults.find((f) => f.kind !== 'delay');
    if (fault && !('afterStore' in fault && fault.afterStore)) return apply(fault, res);
    if (method === 'GET' && url.pathname === STREAM_PATH) return fault ? apply(fault, res) : stream.connect(ctx, res, (reply) => write(res, reply));
    const reply = route(ctx);
    if (fault) return apply(fault, res);
    write(res, reply);
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res)
      .catch((error: unknown) => {
        if (!res.headersSent) write(res, problem(500, 'Internal Server Error', `Emulator failure: ${String(error)}`));
      })
      .finally(() => {
        if (req.method !== 'GET') saveSoon();
      });
  });
  // Idle connections stay open as long as X's front ends keep them (about a minute), not node's 5 s:
  // a client reusing a socket the server is just closing gets a reset, an unknown outcome for a
  // POST, which a busy test process (many replies, its host stalled now and then) would meet by chance.
  server.keepAliveTimeout = 65_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    app,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        save();
        stream.closeAll();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};

/**
 * X's filtered stream as the emulator serves it: the app's rules (`GET/POST
 * /2/tweets/search/stream/rules`, add with value and tag, delete by id, `dry_run`), and
 * `GET /2/tweets/search/stream`, a long-lived chunked answer of newline-delimited JSON: each post
 * made live (control.post, POST /2/tweets) that matches one of the app's rules, as
 * `{ data, includes, matching_rules }` followed by "\r\n", and a bare "\r\n" heartbeat every
 * `heartbeatMs` (X: about 20 seconds). App-only (bearer) authentication, as on X. One connection
 * per app: a second is refused with 429 TooManyConnections. Rules longer than the app's access
 * allows (512 self-serve, 1024 enterprise), duplicates and unknown operators are refused per rule
 * in `errors`, as X does.
 *
 * Rules understand what Riposte writes: `from:<username or id>` terms joined by ` OR `.
 * Posts made live are pushed at once; the simulated accounts' generated posts are pushed when the
 * emulator's clock passes their time (checked every `simulatedEveryMs` while a connection is open,
 * from the moment a rule first names the account: nothing older is replayed).
 */
import type { ServerResponse } from 'node:http';
import { isReply, type Caller, type Ctx } from './auth';
import type { RateLimits } from './rate-limits';
import { includesFor, invalidRequest, problem, PROBLEMS, tweetJson, type Reply } from './wire';
import type { EmuApp, EmuPost, World } from './world';

export interface EmuRule {
  id: string;
  value: string;
  tag?: string;
}

export interface XEmulatorStreamControl {
  /** Ends every open stream connection without a word, as X does when it drops one; returns how many. */
  drop(): number;
  /** Open stream connections (all apps). */
  connections(): number;
  /** An app's rules (default: the main app's). */
  rules(consumerKey?: string): EmuRule[];
  /** Reads, or sets, the time between two heartbeats of new connections and open ones. */
  heartbeatMs(ms?: number): number;
}

export interface StreamDeps {
  world: World;
  limits: RateLimits;
  authenticate: (ctx: Ctx, dialect: 'v1' | 'v2') => Caller | Reply;
  mainApp: EmuApp;
  heartbeatMs?: number;
  /** Rules per app (X: 1,000 on Pro). */
  maxRules?: number;
  /** How often the simulated accounts' new posts are looked for while a connection is open. */
  simulatedEveryMs?: number;
}

interface Connection {
  app: EmuApp;
  query: URLSearchParams;
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

const TOO_MANY_CONNECTIONS = {
  title: 'ConnectionException',
  detail: 'This stream is currently at the maximum allowed connection limit.',
  connection_issue: 'TooManyConnections',
  type: `${PROBLEMS}streaming-connection`,
};

const appOnly = (): Reply =>
  problem(
    403,
    'Unsupported Authentication',
    'Authenticating with OAuth 1.0a User Context is forbidden for this endpoint.  Supported authentication types are [OAuth 2.0 Application-Only].',
    `${PROBLEMS}unsupported-authentication`,
  );

/** The usernames and ids a rule names, or null when it uses anything but `from:` terms and OR. */
const ruleTerms = (value: string): Set<string> | null => {
  const terms = new Set<string>();
  for (const part of value.trim().split(/\s+OR\s+/)) {
    const m = /^from:([A-Za-z0-9_]{1,19})$/.exec(part);
    if (!m?.[1]) return null;
    terms.add(m[1].toLowerCase());
  }
  return terms;
};

export const createStream = ({ world, limits, authenticate, mainApp, heartbeatMs: initialHeartbeat = 20_000, maxRules = 1000, simulatedEveryMs = 1000 }: StreamDeps) => {
  const rulesByApp = new Map<string, EmuRule[]>();
  const connections = new Map<string, Connection>();
  let heartbeatMs = initialHeartbeat;
  let ruleCounter = 0;

  const rulesOf = (app: EmuApp): EmuRule[] => {
    let list = rulesByApp.get(app.consumerKey);
    if (!list) rulesByApp.set(app.consumerKey, (list = []));
    return list;
  };
  const meta = () => ({ sent: new Date(world.now()).toISOString() });

  /** The app's caller, or X's answer for anything but an app-only token. */
  const appCaller = (ctx: Ctx): EmuApp | Reply => {
    const caller = authenticate(ctx, 'v2');
    if (isReply(caller)) return caller;
    if (caller.kind !== 'app') return caller.kind === 'consumer' ? problem(401, 'Unauthorized', 'Unauthorized') : appOnly();
    return caller.app;
  };

  const limited = (endpoint: 'GET /2/tweets/search/stream' | 'GET /2/tweets/search/stream/rules' | 'POST /2/tweets/search/stream/rules', app: EmuApp) =>
    limits.take(endpoint, `app:${app.consumerKey}`);

  const getRules = (ctx: Ctx): Reply => {
    const app = appCaller(ctx);
    if ('status' in app) return app;
    const check = limited('GET /2/tweets/search/stream/rules', app);
    if (!check.ok) return { ...problem(429, 'Too Many Requests', 'Too Many Requests'), headers: check.headers };
    const ids = new Set((ctx.query.get('ids') ?? '').split(',').filter((s) => s !== ''));
    const list = rulesOf(app).filter((r) => ids.size === 0 || ids.has(r.id));
    return { status: 200, body: { ...(list.length > 0 ? { data: list } : {}), meta: { ...meta(), result_count: list.length } }, headers: check.headers };
  };

  const postRules = (ctx: Ctx): Reply => {
    const app = appCaller(ctx);
    if ('status' in app) return app;
    const check = limited('POST /2/tweets/search/stream/rules', app);
    if (!check.ok) return { ...problem(429, 'Too Many Requests', 'Too Many Requests'), headers: check.headers };
    let body: { add?: unknown; delete?: { ids?: unknown } };
    try {
      body = JSON.parse(ctx.body.toString('utf8') || 'null') as typeof body;
      if (typeof body !== 'object' || body === null) throw new Error('not an object');
    } catch {
      return invalidRequest('Request body is not valid JSON.');
    }
    const dryRun = ctx.query.get('dry_run') === 'true';
    const list = rulesOf(app);
    const reply = (status: number, payload: object): Reply => ({ status, body: payload, headers: check.headers });
    if (body.delete !== undefined) {
      const ids = body.delete.ids;
      if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) return invalidRequest('delete.ids must be a list of rule ids.', 'delete.ids');
      const found = ids.filter((id) => list.some((r) => r.id === id));
      const missing = ids.filter((id) => !found.includes(id));
      if (!dryRun) rulesByApp.set(app.consumerKey, list.filter((r) => !found.includes(r.id)));
      return reply(200, {
        meta: { ...meta(), summary: { deleted: found.length, not_deleted: missing.length } },
        ...(missing.length > 0 ? { errors: missing.map((id) => ({ errors: [{ parameters: {}, message: `Rule does not exist: ${id}` }], title: 'Not Found Error', type: `${PROBLEMS}resource-not-found`, value: id })) } : {}),
      });
    }
    const add = body.add;
    if (!Array.isArray(add) || add.length === 0) return invalidRequest('Either add or delete is required.', 'add');
    const limit = app.access === 'enterprise' ? 1024 : 512;
    const created: EmuRule[] = [];
    const errors: object[] = [];
    for (const entry of add as { value?: unknown; tag?: unknown }[]) {
      const value = typeof entry?.value === 'string' ? entry.value : '';
      const tag = typeof entry?.tag === 'string' && entry.tag !== '' ? entry.tag : undefined;
      const duplicate = [...list, ...created].find((r) => r.value === value);
      if (duplicate) {
        errors.push({ value, id: duplicate.id, title: 'DuplicateRule', type: `${PROBLEMS}duplicate-rules` });
      } else if (value.length > limit) {
        errors.push({ value, details: [`Rule must not exceed ${limit} characters (it has ${value.length}).`], title: 'UnprocessableEntity', type: `${PROBLEMS}invalid-rules` });
      } else if (value.trim() === '' || ruleTerms(value) === null) {
        errors.push({ value, details: ['The emulator understands from: terms joined by OR.'], title: 'UnprocessableEntity', type: `${PROBLEMS}invalid-rules` });
      } else {
        ruleCounter += 1;
        created.push({ id: String(1_800_000_000_000_000_000n + BigInt(ruleCounter)), value, ...(tag ? { tag } : {}) });
      }
    }
    if (list.length + created.length > maxRules) {
      return reply(400, {
        ...problem(400, 'RulesCapExceeded', `Rule creation would exceed the ${maxRules} rules allowed for this app.`, `${PROBLEMS}rule-cap`).body as object,
      });
    }
    if (!dryRun) list.push(...created);
    return reply(200, {
      ...(created.length > 0 ? { data: created } : {}),
      meta: { ...meta(), summary: { created: dryRun ? 0 : created.length, not_created: errors.length + (dryRun ? created.length : 0), valid: created.length, invalid: errors.length } },
      ...(errors.length > 0 ? { errors } : {}),
    });
  };

  const end = (key: string) => {
    const c = connections.get(key);
    if (!c) return;
    connections.delete(key);
    clearInterval(c.timer);
  };

  /** Opens the stream, or answers why not. Writes on `res` itself: the answer never finishes. */
  const connect = (ctx: Ctx, res: ServerResponse, write: (reply: Reply) => void): void => {
    const app = appCaller(ctx);
    if ('status' in app) return write(app);
    const check = limited('GET /2/tweets/search/stream', app);
    if (!check.ok) return write({ ...problem(429, 'Too Many Requests', 'Too Many Requests'), headers: check.headers });
    if (connections.has(app.consumerKey)) return write({ status: 429, body: TOO_MANY_CONNECTIONS, contentType: 'application/problem+json', headers: check.headers });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', connection: 'keep-alive', ...check.headers });
    res.flushHeaders();
    const timer = setInterval(() => res.write('\r\n'), heartbeatMs);
    const key = app.consumerKey;
    connections.set(key, { app, query: ctx.query, res, timer });
    res.on('close', () => {
      if (connections.get(key)?.res === res) end(key);
    });
  };

  const matching = (app: EmuApp, post: EmuPost): EmuRule[] => {
    const author = world.users.get(post.authorId);
    if (!author || author.suspended) return [];
    const names = new Set([author.username.toLowerCase(), author.id]);
    return rulesOf(app).filter((r) => [...(ruleTerms(r.value) ?? [])].some((t) => names.has(t)));
  };

  const publish = (post: EmuPost) => {
    for (const c of connections.values()) {
      const rules = matching(c.app, post);
      if (rules.length === 0) continue;
      const fields = new Set((c.query.get('tweet.fields') ?? '').split(',').filter((s) => s !== ''));
      const item = {
        data: tweetJson(world, post, fields),
        ...includesFor(world, [post], c.query),
        matching_rules: rules.map((r) => ({ id: r.id, ...(r.tag ? { tag: r.tag } : {}) })),
      };
      c.res.write(`${JSON.stringify(item)}\r\n`);
    }
  };

  /** Simulated user id -> the emulator time up to which its generated posts were pushed. */
  const simulatedUpTo = new Map<string, number>();
  const pushSimulated = () => {
    if (connections.size === 0) return;
    const now = world.now();
    const named = new Set<string>();
    for (const c of connections.values()) for (const r of rulesOf(c.app)) for (const t of ruleTerms(r.value) ?? []) named.add(t);
    for (const term of named) {
      const user = world.users.get(term) ?? world.userByName(term);
      if (!user?.simulated) continue;
      const from = simulatedUpTo.get(user.id);
      simulatedUpTo.set(user.id, now);
      if (from === undefined || from >= now) continue;
      const fresh = world
        .timeline(user, { max: 100, excludeReplies: false, excludeReposts: false })
        .page.filter((p) => world.isGenerated(p.id) && p.createdAt > from && p.createdAt <= now)
        .reverse();
      for (const post of fresh) publish(post);
    }
  };
  const simulatedTimer = setInterval(pushSimulated, simulatedEveryMs);
  simulatedTimer.unref();

  const control: XEmulatorStreamControl = {
    drop: () => {
      const open = [...connections.entries()];
      for (const [key, c] of open) {
        end(key);
        c.res.socket?.destroy();
      }
      return open.length;
    },
    connections: () => connections.size,
    rules: (consumerKey = mainApp.consumerKey) => [...(rulesByApp.get(consumerKey) ?? [])],
    heartbeatMs: (ms) => {
      if (ms !== undefined) {
        heartbeatMs = Math.max(10, ms);
        for (const c of connections.values()) {
          clearInterval(c.timer);
          c.timer = setInterval(() => c.res.write('\r\n'), heartbeatMs);
        }
      }
      return heartbeatMs;
    },
  };

  return {
    getRules,
    postRules,
    connect,
    publish,
    control,
    /** Ends every connection (the emulator closes). */
    closeAll: () => {
      clearInterval(simulatedTimer);
      control.drop();
    },
  };
};

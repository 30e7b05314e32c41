/**
 * Where is a KurrentDB to test against? One answer for every suite that has a KurrentDB variant
 * (the event-store contract, the multi-process tests, the dispatch crash and fault tests):
 *
 * 1. the server named by KURRENTDB_TEST_URL (e.g. `docker compose up -d kurrentdb`, then
 *    KURRENTDB_TEST_URL='kurrentdb://localhost:2113?tls=false');
 * 2. else a throwaway in-memory KurrentDB started with testcontainers (the pinned image,
 *    tests/contracts/kurrentdb-image.ts; KURRENTDB_TEST_IMAGE overrides it) when a container engine
 *    really answers (GET /_ping, not merely a socket file or a CLI);
 * 3. else none: the reason is printed with console.warn naming the suite, and the caller registers
 *    its KurrentDB tests as skipped (describe.skipIf), so the run shows them skipped, never passed.
 *
 * Resolved while the test file is collected (top-level await): pulling the image may take longer
 * than a hook may. The container is stopped in a file-level afterAll.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll } from 'vitest';
import { DEFAULT_USER_ID_BASE } from '@adapters/x-emulator/world';
import { KURRENTDB_IMAGE } from '../contracts/kurrentdb-image';

const PROBE_MS = 1_500;

type Env = Record<string, string | undefined>;
type Endpoint = { socketPath: string } | { host: string; port: number; tls: boolean };

/** Where a Docker-compatible engine may listen: DOCKER_HOST if set, else the usual sockets that exist. */
export const engineCandidates = (env: Env): Endpoint[] => {
  const dockerHost = env.DOCKER_HOST;
  if (dockerHost !== undefined && dockerHost !== '') {
    if (dockerHost.startsWith('unix://')) return [{ socketPath: dockerHost.slice('unix://'.length) }];
    const url = URL.canParse(dockerHost) ? new URL(dockerHost) : null;
    if (url !== null && (url.protocol === 'tcp:' || url.protocol === 'http:' || url.protocol === 'https:')) {
      const tls = url.protocol === 'https:' || (env.DOCKER_TLS_VERIFY ?? '') !== '';
      return [{ host: url.hostname, port: Number(url.port || (tls ? 2376 : 2375)), tls }];
    }
    return [];
  }
  const home = env.HOME ?? '';
  const runtime = env.XDG_RUNTIME_DIR ?? `/run/user/${process.getuid?.() ?? 0}`;
  return ['/var/run/docker.sock', `${runtime}/docker.sock`, `${runtime}/podman/podman.sock`, ...(home === '' ? [] : [`${home}/.docker/run/docker.sock`])]
    .filter((path) => existsSync(path))
    .map((socketPath) => ({ socketPath }));
};

const describeEndpoint = (e: Endpoint): string => ('socketPath' in e ? e.socketPath : `${e.host}:${e.port}`);

/** GET /_ping answered "OK": the engine itself is up, not merely a CLI or a stale socket file. */
const pings = (endpoint: Endpoint): Promise<boolean> =>
  new Promise((resolve) => {
    if ('tls' in endpoint && endpoint.tls) {
      // A TLS engine needs client certificates to talk to; an open port is the best cheap sign.
      const socket = connect({ host: endpoint.host, port: endpoint.port, timeout: PROBE_MS });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
      return;
    }
    const req = request({ ...endpoint, path: '/_ping', method: 'GET', timeout: PROBE_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 && body.trim() === 'OK'));
      res.on('error', () => resolve(false));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(false));
    req.end();
  });

export interface EngineProbe {
  found: boolean;
  /** Which endpoint answered, or what was tried. */
  tried: string;
}

/** Asks each candidate engine in turn; the first that answers wins. */
export const findEngine = async (env: Env): Promise<EngineProbe> => {
  const endpoints = engineCandidates(env);
  for (const endpoint of endpoints) if (await pings(endpoint)) return { found: true, tried: describeEndpoint(endpoint) };
  const tried = endpoints.length === 0 ? 'no DOCKER_HOST and no engine socket found' : `no answer from ${endpoints.map(describeEndpoint).join(', ')}`;
  return { found: false, tried };
};

/** A single insecure in-memory node, stopped after the file; the settings' prefix depends on the image's generation. */
export const startKurrentContainer = async (image: string): Promise<string> => {
  const { GenericContainer, Wait } = await import('testcontainers');
  const prefix = /eventstore/i.test(image) ? 'EVENTSTORE' : 'KURRENTDB';
  const container = await new GenericContainer(image)
    .withEnvironment({
      [`${prefix}_INSECURE`]: 'true',
      [`${prefix}_RUN_PROJECTIONS`]: 'None',
      [`${prefix}_MEM_DB`]: 'true',
      [`${prefix}_CLUSTER_SIZE`]: '1',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
    .withStartupTimeout(120_000)
    .start();
  afterAll(async () => {
    await container.stop();
  });
  return `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
};

export interface KurrentTarget {
  url: string;
  /** Where it came from: a server someone runs (kept between runs) or a container of this file (fresh). */
  via: 'KURRENTDB_TEST_URL' | 'testcontainers';
}

export type KurrentResolution = { target: KurrentTarget; skipReason: null } | { target: null; skipReason: string };

export interface ResolveOptions {
  /** Default process.env. */
  env?: Env;
  findEngine?: (env: Env) => Promise<EngineProbe>;
  startContainer?: (image: string) => Promise<string>;
  warn?: (message: string) => void;
}

/**
 * The KurrentDB `suite` runs against, or null and why (also printed, naming the suite). The
 * caller registers its KurrentDB tests as skipped with the reason in their title.
 */
export const resolveKurrentTarget = async (suite: string, options: ResolveOptions = {}): Promise<KurrentResolution> => {
  const env = options.env ?? process.env;
  const fromEnv = env.KURRENTDB_TEST_URL;
  if (fromEnv !== undefined && fromEnv !== '') return { target: { url: fromEnv, via: 'KURRENTDB_TEST_URL' }, skipReason: null };
  const engine = await (options.findEngine ?? findEngine)(env);
  if (!engine.found) {
    const skipReason =
      `no KurrentDB server: KURRENTDB_TEST_URL is not set and no container engine answers (${engine.tried}). ` +
      `Run \`docker compose up -d kurrentdb\` and set KURRENTDB_TEST_URL='kurrentdb://localhost:2113?tls=false'`;
    (options.warn ?? console.warn)(`SKIPPED ${suite} on KurrentDB: ${skipReason}`);
    return { target: null, skipReason };
  }
  const image = env.KURRENTDB_TEST_IMAGE !== undefined && env.KURRENTDB_TEST_IMAGE !== '' ? env.KURRENTDB_TEST_IMAGE : KURRENTDB_IMAGE;
  return { target: { url: await (options.startContainer ?? startKurrentContainer)(image), via: 'testcontainers' }, skipReason: null };
};

/** An event store a parameterised suite runs on: the SQLite file always, KurrentDB where there is one. */
export type StoreTarget =
  | { store: 'sqlite'; name: string; skipReason: string | null }
  | { store: 'kurrentdb'; name: string; url: string; skipReason: null }
  | { store: 'kurrentdb'; name: string; url: null; skipReason: string };

/**
 * [SQLite, KurrentDB]: the KurrentDB one carries its skip reason when there is none to run on.
 * `skipAll`: why the whole suite cannot run here (e.g. no PostgreSQL binaries); then both are
 * skipped with it, and no engine is probed nor container started.
 */
export const storeTargets = async (suite: string, sqliteName = 'SQLite', options: ResolveOptions & { skipAll?: string | null } = {}): Promise<StoreTarget[]> => {
  const { skipAll } = options;
  if (skipAll !== undefined && skipAll !== null) {
    return [
      { store: 'sqlite', name: sqliteName, skipReason: skipAll },
      { store: 'kurrentdb', name: 'KurrentDB', url: null, skipReason: skipAll },
    ];
  }
  const kurrent = await resolveKurrentTarget(suite, options);
  return [
    { store: 'sqlite', name: sqliteName, skipReason: null },
    kurrent.target === null
      ? { store: 'kurrentdb', name: 'KurrentDB', url: null, skipReason: kurrent.skipReason }
      : { store: 'kurrentdb', name: `KurrentDB (${new URL(kurrent.target.url).host}, ${kurrent.target.via})`, url: kurrent.target.url, skipReason: null },
  ];
};

/** A describe title that says when, and why, the block is skipped. */
export const targetTitle = (title: string, target: StoreTarget): string => (target.skipReason === null ? `${title} on ${target.name}` : `${title} on ${target.name} (skipped: ${target.skipReason})`);

/**
 * Where this run's new X users' ids start in the emulator (its userIdBase). A KurrentDB kept between
 * runs (KURRENTDB_TEST_URL) still holds the X-account reservations (by X user id) of earlier runs;
 * an emulator that numbers its users from the same start each run would hand this run's users ids
 * already taken there, and connecting them would be refused. A thousand ids per millisecond of the
 * run's start keeps runs apart and stays within X's 19-digit ids.
 */
export const runUniqueXUserIdBase = (now = Date.now()): bigint => DEFAULT_USER_ID_BASE + BigInt(now) * 1_000n;

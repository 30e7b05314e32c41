// The event-store contract on a real KurrentDB: the server named by KURRENTDB_TEST_URL, or else a
// throwaway container started with testcontainers when a container engine really answers. With
// neither, every test is registered as skipped and the reason is printed (never a silent pass).
//
//   docker compose up -d kurrentdb
//   KURRENTDB_TEST_URL='kurrentdb://localhost:2113?tls=false' npx vitest run tests/contracts/event-store.kurrentdb.int.test.ts
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll } from 'vitest';
import { createKurrentEventStore } from '@adapters/eventstore-kurrentdb/index';
import { describeEventStoreContract } from './event-store.contract';
import { KURRENTDB_IMAGE } from './kurrentdb-image';

const IMAGE = process.env.KURRENTDB_TEST_IMAGE ?? KURRENTDB_IMAGE;
const PROBE_MS = 1_500;

type Endpoint = { socketPath: string } | { host: string; port: number; tls: boolean };

/** Where a Docker-compatible engine may listen: DOCKER_HOST if set, else the usual sockets. */
const candidates = (): Endpoint[] => {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost !== undefined && dockerHost !== '') {
    if (dockerHost.startsWith('unix://')) return [{ socketPath: dockerHost.slice('unix://'.length) }];
    const url = URL.canParse(dockerHost) ? new URL(dockerHost) : null;
    if (url !== null && (url.protocol === 'tcp:' || url.protocol === 'http:' || url.protocol === 'https:')) {
      const tls = url.protocol === 'https:' || (process.env.DOCKER_TLS_VERIFY ?? '') !== '';
      return [{ host: url.hostname, port: Number(url.port || (tls ? 2376 : 2375)), tls }];
    }
    return [];
  }
  const home = process.env.HOME ?? '';
  const runtime = process.env.XDG_RUNTIME_DIR ?? `/run/user/${process.getuid?.() ?? 0}`;
  return ['/var/run/docker.sock', `${runtime}/docker.sock`, `${runtime}/podman/podman.sock`, `${home}/.docker/run/docker.sock`]
    .filter((path) => path !== '' && existsSync(path))
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

const findEngine = async (): Promise<{ found: boolean; tried: string }> => {
  const endpoints = candidates();
  for (const endpoint of endpoints) if (await pings(endpoint)) return { found: true, tried: describeEndpoint(endpoint) };
  const tried = endpoints.length === 0 ? 'no DOCKER_HOST and no engine socket found' : `no answer from ${endpoints.map(describeEndpoint).join(', ')}`;
  return { found: false, tried };
};

/** A single insecure in-memory node; the settings' prefix depends on the image's generation. */
const startContainer = async (): Promise<string> => {
  const { GenericContainer, Wait } = await import('testcontainers');
  const prefix = /eventstore/i.test(IMAGE) ? 'EVENTSTORE' : 'KURRENTDB';
  const container = await new GenericContainer(IMAGE)
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

const target = async (): Promise<{ url: string | null; skipReason: string | null }> => {
  const fromEnv = process.env.KURRENTDB_TEST_URL;
  if (fromEnv !== undefined && fromEnv !== '') return { url: fromEnv, skipReason: null };
  const engine = await findEngine();
  if (!engine.found) {
    return {
      url: null,
      skipReason:
        `no KurrentDB server: KURRENTDB_TEST_URL is not set and no container engine answers (${engine.tried}). ` +
        `Run \`docker compose up -d kurrentdb\` and set KURRENTDB_TEST_URL='kurrentdb://localhost:2113?tls=false'`,
    };
  }
  // Started while the file is collected: pulling the image may take longer than a hook may.
  return { url: await startContainer(), skipReason: null };
};

const { url, skipReason } = await target();

describeEventStoreContract({
  name: url === null ? 'kurrentdb' : `kurrentdb (${new URL(url).host})`,
  skipReason,
  create: async () => {
    if (url === null) throw new Error('unreachable: the suite does not create a skipped store');
    return createKurrentEventStore({ connectionString: url });
  },
  features: {
    // KurrentDB recognises an identical re-send to the same stream, but stores an id again when it
    // is reused any other way (another stream, a partly overlapping batch). See the ADR.
    rejectsReusedEventIds: false,
    // The adapter leaves appendMany and snapshots out (the batch keeps its crash-safe protocol and
    // loads fold the whole stream); see docs/adr/0015-bounded-work-per-request.md.
    appendsMany: false,
    keepsSnapshots: false,
    // Events cannot be rewritten: redacted copies, then the stream truncated ($tb) before them.
    erasure: 'copy',
    // A container on a loaded CI machine can be slower to push live events than an embedded file.
    liveTimeoutMs: 10_000,
  },
});

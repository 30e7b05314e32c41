/**
 * Pointing twitter-api-v2 somewhere other than X, without changing a line of it. The library
 * builds https://api.x.com/... and https://upload.x.com/... URLs itself (some are hard-coded, like
 * the OAuth endpoints), signs them, and sends them with node's https.request and the `httpAgent`
 * of its settings. An agent decides where the bytes go: this one opens its connections to the
 * configured base (the emulator's http://127.0.0.1:PORT) whatever host the URL names. The library
 * therefore signs exactly what it signs for X, sends the same Host header, parses answers by the
 * same rules (form-encoded OAuth answers included), and the emulator checks the signature against
 * https://api.x.com/..., as X would.
 *
 * Alternatives considered: rewriting URLs in an onBeforeRequestConfig plugin works for signing
 * but changes the library's own URL-based decisions (body encoding for upload.x.com, parsing of
 * /oauth/ answers); an HTTPS emulator would need a certificate authority in tests.
 */
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { ITwitterApiClientPlugin } from 'twitter-api-v2';

/** The hosts twitter-api-v2 calls; the agent sends all of them to the one base. */
export const X_API_ORIGIN = 'https://api.x.com';

export const redirectingAgent = (base: string, options: { keepAlive: boolean } = { keepAlive: true }): Agent => {
  const target = new URL(base);
  const secure = target.protocol === 'https:';
  const port = Number(target.port) || (secure ? 443 : 80);
  // As many connections at once as node's default agent allows X (no cap): a burst of due replies
  // must not queue behind a few sockets, or the queue, not X, would make them late.
  const agent = new Agent({ keepAlive: options.keepAlive });
  // https.request insists that its agent speaks https: (the URL's scheme); the bytes go where we say.
  Object.assign(agent, { protocol: 'https:', defaultPort: 443 });
  (agent as unknown as { createConnection: () => Socket }).createConnection = () =>
    secure ? tlsConnect({ host: target.hostname, port, servername: target.hostname }) : netConnect({ host: target.hostname, port });
  return agent;
};

/** Gives every request a timeout (the library has none by default: a silent X would hang a send). */
export const timeoutPlugin = (timeoutMs: number): ITwitterApiClientPlugin => ({
  onBeforeRequestConfig: ({ params }) => {
    if (params.timeout === undefined) params.timeout = timeoutMs;
  },
});

/** A browser-facing X URL (the authorize page) moved to the same base as the API. */
export const browserUrl = (url: string, apiBaseUrl: string | undefined): string =>
  apiBaseUrl === undefined ? url : url.replace(/^https:\/\/(api|upload)\.(x|twitter)\.com/, apiBaseUrl.replace(/\/+$/, ''));

/** What a call that outlived its deadline rejects with (answers.ts reads it as a timeout). */
export class DeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`No complete answer from X within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * A hard limit on a whole call. The library's timeout is the socket's idle time, so an answer
 * that keeps sending a byte now and then would never end it; this one does, whatever X does.
 */
export const withDeadline = async <T>(call: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineExceeded(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The agent for posts: a new connection each time. A post sent on a kept-alive connection that X
 * closed while it sat idle fails with a reset that cannot be told apart from X dropping the post
 * half-way, so its outcome would be unknown and, never re-sent, the reply lost. A fresh connection
 * costs one handshake per post (reads keep reusing theirs: they are asked again when stale).
 */
export const postingAgent = (base: string | undefined): Agent => (base ? redirectingAgent(base, { keepAlive: false }) : new HttpsAgent({ keepAlive: false }));

/**
 * The emulator's remote control over HTTP, for tests that run it in a process of its own
 * (`main.ts --control`): POST /sandbox/control/<name> with a JSON array of arguments answers
 * `{ "result": … }`, or a 400 `{ "error": … }` when the control refused (an unknown user, say).
 * Off unless asked for: a sandbox X started by Riposte's server never answers these paths, so no
 * one who reaches it can inject faults or post as its users.
 *
 * Only the controls whose arguments and answers are plain JSON are offered (a fault's path is a
 * string here, never a RegExp); `remoteControl` is their client, the same calls made asynchronous.
 */
import type { RecordedXRequest, XEmulatorControl } from './control';
import type { Reply } from './wire';

export const CONTROL_PATH = '/sandbox/control/';

/** Which recorded requests to answer (all when empty): the tests count one endpoint's calls since a moment. */
export interface RequestFilter {
  method?: string;
  path?: string;
  /** Epoch milliseconds on the emulator's clock, inclusive. */
  since?: number;
}

const requestsOf = (control: XEmulatorControl, filter: RequestFilter = {}): RecordedXRequest[] =>
  control.requests.filter((r) => (filter.method === undefined || r.method === filter.method.toUpperCase()) && (filter.path === undefined || r.path === filter.path) && (filter.since === undefined || r.at >= filter.since));

const callsOf = (control: XEmulatorControl) => ({
  requests: (filter?: RequestFilter) => requestsOf(control, filter),
  post: control.post,
  deletePost: control.deletePost,
  getPost: control.getPost,
  postsBy: control.postsBy,
  createUser: control.createUser,
  user: control.user,
  suspend: control.suspend,
  revokeTokens: control.revokeTokens,
  summonRule: control.summonRule,
  exhaustRateLimit: control.exhaustRateLimit,
  resetRateLimits: control.resetRateLimits,
  inject: control.inject,
  clearFaults: control.clearFaults,
  streamConnections: () => control.stream.connections(),
  streamRules: (consumerKey?: string) => control.stream.rules(consumerKey),
  streamDrop: () => control.stream.drop(),
});

type Calls = ReturnType<typeof callsOf>;

/** The remote control: each call of `Calls`, answered over HTTP. */
export type RemoteXControl = { [K in keyof Calls]: (...args: Parameters<Calls[K]>) => Promise<Awaited<ReturnType<Calls[K]>>> };

export const CONTROL_CALLS = Object.keys(callsOf({ stream: {} } as unknown as XEmulatorControl)) as (keyof Calls)[];

/** Answers one control call: `name` from the path, the arguments from the body. */
export const createControlHandler = (control: XEmulatorControl) => {
  const calls = callsOf(control) as Record<string, (...args: unknown[]) => unknown>;
  return (name: string, body: Buffer): Reply => {
    const call = Object.hasOwn(calls, name) ? calls[name] : undefined;
    if (call === undefined) return { status: 404, body: { error: `No control named ${name}; known: ${CONTROL_CALLS.join(', ')}` } };
    let args: unknown;
    try {
      args = body.length === 0 ? [] : JSON.parse(body.toString('utf8'));
    } catch {
      return { status: 400, body: { error: 'The body must be a JSON array of arguments' } };
    }
    if (!Array.isArray(args)) return { status: 400, body: { error: 'The body must be a JSON array of arguments' } };
    try {
      const result = call(...args);
      return { status: 200, body: result === undefined ? {} : { result } };
    } catch (error) {
      return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
    }
  };
};

/** The client of an emulator started with its control on (`url`: its base, http://127.0.0.1:PORT). */
export const remoteControl = (url: string): RemoteXControl => {
  const call =
    (name: string) =>
    async (...args: unknown[]): Promise<unknown> => {
      const res = await fetch(`${url}${CONTROL_PATH}${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
      const answer = (await res.json()) as { result?: unknown; error?: string };
      if (!res.ok) throw new Error(answer.error ?? `The emulator's control ${name} answered ${res.status}`);
      return answer.result;
    };
  return Object.fromEntries(CONTROL_CALLS.map((name) => [name, call(name)])) as RemoteXControl;
};

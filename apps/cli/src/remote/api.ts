/**
 * The public API as the CLI calls it: `Authorization: Bearer` with the profile's token, JSON in and
 * out. A refusal becomes CliError(2) carrying the server's message and field; no answer at all
 * becomes CliError(3). A create sends the caller's Idempotency-Key and, when no answer came back
 * (a dropped connection, a timeout), sends it again with the same key: the server answers the
 * first request's answer if that one was stored, so the retry cannot make a twin.
 */
import { randomUUID } from 'node:crypto';
import { CliError, EXIT } from './errors';
import type { Profile } from './profile';

export interface Api {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: { idempotencyKey?: string }): Promise<T>;
  /**
   * A create with the caller's Idempotency-Key, retried with that key when no answer came back.
   * `replayed`: the first attempt was answered with an earlier request's answer (the same intent
   * was sent before, by an earlier run) and nothing was written.
   */
  create<T>(path: string, body: unknown, idempotencyKey: string): Promise<{ answer: T; replayed: boolean }>;
}

/** Pauses before the retries of a create that got no answer. */
export const CREATE_RETRY_DELAYS_MS = [250, 1_000, 3_000] as const;

export const createApi = (profile: Profile, options: { retryDelaysMs?: readonly number[] } = {}): Api => {
  const retryDelays = options.retryDelaysMs ?? CREATE_RETRY_DELAYS_MS;
  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ answer: T; replayed: boolean }> => {
    let res: Response;
    try {
      res = await fetch(new URL(path, profile.url), {
        method,
        headers: { Accept: 'application/json', Authorization: `Bearer ${profile.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
      throw new CliError(`Cannot reach ${profile.url}: ${cause}`, EXIT.unreachable);
    }
    const text = await res.text();
    const parsed: unknown = text === '' ? null : safeJson(text);
    if (!res.ok) {
      const e = (parsed ?? {}) as { message?: string; field?: string; code?: string };
      const message = e.message ?? `${res.status} ${res.statusText}`;
      throw new CliError(message, EXIT.refused, { status: res.status, ...(e.field ? { field: e.field } : {}), ...(e.code ? { code: e.code } : {}) });
    }
    const next = res.headers.get('X-Next-Cursor');
    if (method === 'GET' && next !== null && Array.isArray(parsed)) {
      // A paged list (docs/api.md "Paging"): the whole list is what the commands show.
      const url = new URL(path, profile.url);
      url.searchParams.set('cursor', next);
      const rest = (await call<unknown[]>('GET', `${url.pathname}${url.search}`, undefined, headers)).answer;
      return { answer: [...parsed, ...rest] as T, replayed: false };
    }
    return { answer: parsed as T, replayed: res.headers.get('Idempotent-Replayed') === 'true' };
  };
  const create = async <T>(path: string, body: unknown, idempotencyKey: string) => {
    const headers = { 'Idempotency-Key': idempotencyKey };
    for (const [attempt, delay] of retryDelays.entries()) {
      try {
        const answered = await call<T>('POST', path, body, headers);
        // A replay on a retry is the answer to this run's own first attempt.
        return { answer: answered.answer, replayed: answered.replayed && attempt === 0 };
      } catch (error) {
        if (!(error instanceof CliError) || error.exitCode !== EXIT.unreachable) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    const last = await call<T>('POST', path, body, headers);
    return { answer: last.answer, replayed: last.replayed && retryDelays.length === 0 };
  };
  return {
    get: async <T,>(path: string) => (await call<T>('GET', path)).answer,
    send: async <T,>(method: string, path: string, body?: unknown, options?: { idempotencyKey?: string }) =>
      (await call<T>(method, path, body, method === 'POST' ? { 'Idempotency-Key': options?.idempotencyKey ?? randomUUID() } : {})).answer,
    create,
  };
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
};

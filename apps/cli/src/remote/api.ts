/**
 * The public API as the CLI calls it: `Authorization: Bearer` with the profile's token, JSON in and
 * out. A refusal becomes CliError(2) carrying the server's message and field; no answer at all
 * becomes CliError(3).
 */
import { randomUUID } from 'node:crypto';
import { CliError, EXIT } from './errors';
import type { Profile } from './profile';

export interface Api {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: { idempotencyKey?: string }): Promise<T>;
}

export const createApi = (profile: Profile): Api => {
  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
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
      const rest = await call<unknown[]>('GET', `${url.pathname}${url.search}`, undefined, headers);
      return [...parsed, ...rest] as T;
    }
    return parsed as T;
  };
  return {
    get: (path) => call('GET', path),
    send: (method, path, body, options) => call(method, path, body, method === 'POST' ? { 'Idempotency-Key': options?.idempotencyKey ?? randomUUID() } : {}),
  };
};

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
};

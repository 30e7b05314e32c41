// The one HTTP client of the web app (spec part 1 §7 and §8). It knows nothing of UI state: it
// sends JSON with cookies and the CSRF header, and turns every failure into an ApiError whose
// message follows the spec's error catalogue.
import { createIntentKeys } from './intent-key';

/** Required on every /api call; the server refuses unsafe methods without it (CSRF defence). */
export const CSRF_HEADER = 'X-Riposte-Request';

export type ErrorBody = { message?: string; error?: string; field?: string; code?: string };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly requestId: string,
    readonly data: unknown = undefined,
  ) {
    super(message);
  }

  /** The form field the server blamed, when it named one. */
  get field(): string | undefined {
    const d = this.data as ErrorBody | undefined;
    return typeof d?.field === 'string' ? d.field : undefined;
  }
}

export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2) + Date.now().toString(36);
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function headers(requestId: string, hasBody: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: '1', 'X-Request-Id': requestId };
  if (hasBody) h['Content-Type'] = 'application/json';
  return h;
}

function isJson(res: Response): boolean {
  return (res.headers.get('content-type') ?? '').toLowerCase().includes('json');
}

/** Throws the catalogue's error for a non-OK response. */
async function throwIfNotOk(res: Response, requestId: string): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  let data: unknown;
  if (text && isJson(res)) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (data !== undefined) {
    const body = data as ErrorBody;
    const message = body.message || body.error || `${res.status} ${res.statusText}`.trim();
    throw new ApiError(message, res.status, requestId, data);
  }
  throw new ApiError(`${res.status}: ${text || res.statusText} (Request ID: ${requestId})`, res.status, requestId, text);
}

async function parseJson<T>(res: Response, requestId: string): Promise<T> {
  const text = await res.text();
  if (text === '') return null as T;
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new ApiError(`Failed to parse response as JSON: ${describe(err)} (Request ID: ${requestId})`, res.status, requestId, text);
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The revision each answer was read at (its ETag), kept beside the answer's object rather than in
 * it: a form that starts from a thing hands that same object back as `basedOn`, and its save is sent
 * with If-Match of exactly the revision the user saw — not of whatever a background refresh read
 * since, which would overwrite a change made elsewhere without a word.
 */
const revisions = new WeakMap<object, string>();

/** The ETag the thing was read with, when its answer had one (single reads and writes of a thing do). */
export const revisionOf = (thing: unknown): string | undefined => (typeof thing === 'object' && thing !== null ? revisions.get(thing) : undefined);

const remember = (body: unknown, res: Response): void => {
  const etag = res.headers.get('etag');
  if (etag !== null && typeof body === 'object' && body !== null) revisions.set(body, etag);
};

/**
 * A write refused because the thing changed since `basedOn` was read (412 STALE_REVISION): it
 * carries the thing as it now is, read at the answer's revision, so the page can reload it or save
 * again on top of it (overwrite).
 */
export class StaleRevisionError<T = unknown> extends ApiError {
  constructor(
    message: string,
    requestId: string,
    data: unknown,
    readonly current: T,
  ) {
    super(message, 412, requestId, data);
  }
}

export type RequestOptions = {
  idempotencyKey?: string;
  /** The thing as the page read it: its revision goes out as If-Match (none known: the write is unconditional). */
  basedOn?: unknown;
};

/** Mutations: POST/PUT/PATCH/DELETE with an optional JSON body (and, for creates, its Idempotency-Key). */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const requestId = newRequestId();
  let body: string | undefined;
  if (data !== undefined) {
    try {
      body = JSON.stringify(data);
    } catch (err) {
      throw new ApiError(`Failed to serialize request data: ${describe(err)}`, 0, requestId);
    }
  }
  let res: Response;
  try {
    const sent = headers(requestId, body !== undefined);
    if (options.idempotencyKey !== undefined) sent[IDEMPOTENCY_HEADER] = options.idempotencyKey;
    const revision = revisionOf(options.basedOn);
    if (revision !== undefined) sent['If-Match'] = revision;
    res = await fetch(url, { method, headers: sent, body, credentials: 'include' });
  } catch (err) {
    throw new ApiError(`Network request failed. Please check your connection: ${describe(err)}`, 0, requestId);
  }
  try {
    await throwIfNotOk(res, requestId);
  } catch (err) {
    throw staleOrSame(err, res);
  }
  const answer = await parseJson<T>(res, requestId);
  remember(answer, res);
  return answer;
}

/** A 412 STALE_REVISION as the error that carries the current state (tagged with its revision). */
const staleOrSame = (err: unknown, res: Response): unknown => {
  if (!(err instanceof ApiError) || err.status !== 412) return err;
  const body = err.data as (ErrorBody & { current?: unknown }) | undefined;
  if (body?.code !== 'STALE_REVISION' || typeof body.current !== 'object' || body.current === null) return err;
  remember(body.current, res);
  return new StaleRevisionError(err.message, err.requestId, err.data, body.current);
};

/** This page's intents, one per creating route (lib/intent-key.ts). */
const intents = createIntentKeys(newRequestId);

/** Failures after which the same payload is a new intent: the key itself was refused. */
const endsIntent = (err: unknown): boolean => {
  if (!(err instanceof ApiError)) return false;
  const code = (err.data as ErrorBody | undefined)?.code;
  // A key whose first request was cut off (409) or was used for another body (422) is spent. Any
  // other failure keeps it: the server forgets failed requests, and a 5xx or a dropped connection
  // may have saved the first, which the same key then answers instead of saving it twice.
  return code === 'IDEMPOTENCY_KEY_UNFINISHED' || code === 'IDEMPOTENCY_KEY_REUSED';
};

/**
 * A creating POST, sent with the Idempotency-Key of its intent: pressed twice (or sent again after a
 * timeout) with the same payload, it creates one resource and both presses get its answer.
 */
export async function apiCreate<T = unknown>(url: string, data: unknown): Promise<T> {
  const key = intents.keyFor(url, data);
  try {
    const answer = await apiRequest<T>('POST', url, data, { idempotencyKey: key });
    intents.done(url, key);
    return answer;
  } catch (err) {
    if (endsIntent(err)) intents.done(url, key);
    throw err;
  }
}

export type On401 = 'throw' | 'returnNull';

/** Queries: GET the key's URL. With on401 'returnNull', a 401 answers null instead of throwing. */
export async function apiGet<T = unknown>(url: string, on401: On401 = 'throw'): Promise<T | null> {
  const requestId = newRequestId();
  let res: Response;
  try {
    res = await fetch(url, { method: 'GET', headers: headers(requestId, false), credentials: 'include' });
  } catch (err) {
    throw new ApiError(`Network error when fetching ${url}: ${describe(err)}`, 0, requestId);
  }
  if (on401 === 'returnNull' && res.status === 401) {
    // Read the body anyway: an unread no-store answer keeps its request open until it is collected.
    await res.text().catch(() => '');
    return null;
  }
  await throwIfNotOk(res, requestId);
  const first = await parseJson<T>(res, requestId);
  const next = res.headers.get(NEXT_CURSOR_HEADER);
  if (next === null) {
    remember(first, res);
    return first;
  }
  return (await followPages(url, first, next)) as T;
}

/** A paged list answers its next page's cursor in this header (docs/api.md "Paging"). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
/** Pages followed at most for one list (far past any plan's cap at the default page size). */
const MAX_PAGES = 50;

/** The items of a list answer: the array itself, or the one array property of `{ schedules: [...] }`. */
const itemsOf = (body: unknown): { items: unknown[]; wrap: (all: unknown[]) => unknown } | null => {
  if (Array.isArray(body)) return { items: body, wrap: (all) => all };
  if (typeof body !== 'object' || body === null) return null;
  const keys = Object.keys(body).filter((k) => Array.isArray((body as Record<string, unknown>)[k]));
  const [key] = keys;
  if (keys.length !== 1 || key === undefined) return null;
  return { items: (body as Record<string, unknown[]>)[key] ?? [], wrap: (all) => ({ ...body, [key]: all }) };
};

/** The whole list: pages after the first are fetched while the server names a next one. */
async function followPages(url: string, first: unknown, cursor: string): Promise<unknown> {
  const shape = itemsOf(first);
  if (shape === null) return first;
  const all = [...shape.items];
  let next: string | null = cursor;
  for (let page = 1; next !== null && page < MAX_PAGES; page += 1) {
    const pageUrl = new URL(url, window.location.origin);
    pageUrl.searchParams.set('cursor', next);
    const requestId = newRequestId();
    let res: Response;
    try {
      res = await fetch(`${pageUrl.pathname}${pageUrl.search}`, { method: 'GET', headers: headers(requestId, false), credentials: 'include' });
    } catch (err) {
      throw new ApiError(`Network error when fetching ${url}: ${describe(err)}`, 0, requestId);
    }
    await throwIfNotOk(res, requestId);
    all.push(...(itemsOf(await parseJson<unknown>(res, requestId))?.items ?? []));
    next = res.headers.get(NEXT_CURSOR_HEADER);
  }
  return shape.wrap(all);
}

/** The swr fetcher for keys that are a URL, or [url, ...params] where only the URL is fetched. */
export function queryFetcher<T>(key: string | readonly [string, ...unknown[]]): Promise<T> {
  const url = typeof key === 'string' ? key : key[0];
  return apiGet<T>(url) as Promise<T>;
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

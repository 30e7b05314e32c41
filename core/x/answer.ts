/**
 * What came back from X for one call, in library-neutral terms, and the facts read out of it.
 * The adapter builds an XAnswer from whatever its HTTP library reported; outcomes.ts classifies it.
 *
 * X answers errors in three dialects, sometimes mixed in one body:
 *  - API v2 problems (RFC 7807): { type: 'https://api.twitter.com/2/problems/...', title, detail, status }
 *    or { type: 'about:blank', title: 'Forbidden', detail: '...' };
 *  - API v1.1 and OAuth endpoints: { errors: [{ code: 187, message: 'Status is a duplicate.' }] };
 *  - v2 partial errors beside data: { errors: [{ type, title, detail, resource_type, value }] };
 * and some endpoints answer plain text. Everything is read defensively: a body is `unknown`.
 */

export type XTransportFailure =
  /** Refused, no route, name not resolved: the request never reached X, so nothing happened there. */
  | 'not_connected'
  /** No answer in time: X may or may not have acted. */
  | 'timeout'
  /** The connection dropped after the request was sent. */
  | 'reset'
  /** An answer started and was cut off. */
  | 'partial'
  | 'other';

export type XAnswer =
  | {
      kind: 'response';
      status: number;
      /** Parsed JSON, or the text when it was not JSON. */
      body: unknown;
      /** Header names in lower case, as node:http gives them. */
      headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
    }
  | {
      kind: 'transport';
      failure: XTransportFailure;
      message: string;
      /** The status line, when an answer started before it was cut ('partial'). */
      status?: number;
    };

export interface XAnswerFacts {
  /** v1.1 error codes (187 duplicate, 186 too long, 64 suspended, 89 expired token, ...). */
  codes: number[];
  /** v2 problem type URIs, top level and per error. */
  types: string[];
  /** Every human text X gave (detail, title, message), in order. */
  texts: string[];
  /** The most useful single text, for messages: the first detail or message. */
  detail: string | undefined;
  /** The id of a created post (`data.id`), when the body has one. */
  postId: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

const readEntry = (entry: Record<string, unknown>, facts: XAnswerFacts): string | undefined => {
  const code = num(entry.code);
  if (code !== undefined) facts.codes.push(code);
  const type = str(entry.type);
  if (type !== undefined && type !== 'about:blank') facts.types.push(type);
  for (const key of ['detail', 'message', 'reason', 'title'] as const) {
    const text = str(entry[key]);
    if (text !== undefined && !facts.texts.includes(text)) facts.texts.push(text);
  }
  // A title ('Forbidden', 'Not Found Error') says less than a detail or a message.
  return str(entry.detail) ?? str(entry.message) ?? str(entry.reason);
};

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXmlText = (text: string): string => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

/** Reads codes, problem types and texts out of any body X may send. Never throws. */
export const readXAnswer = (body: unknown): XAnswerFacts => {
  const facts: XAnswerFacts = { codes: [], types: [], texts: [], detail: undefined, postId: undefined };
  const details: string[] = [];
  if (typeof body === 'string') {
    const text = body.trim().slice(0, 2000);
    if (text.startsWith('<')) {
      // OAuth 1.0a endpoints answer errors in XML (<errors><error code="415">Callback URL not
      // approved ...</error></errors>); an HTML error page carries no message worth repeating.
      for (const m of text.matchAll(/<error\b[^>]*?\bcode="(\d+)"[^>]*>([^<]*)<\/error>/gi)) {
        facts.codes.push(Number(m[1]));
        const words = decodeXmlText(m[2] ?? '').trim();
        if (words !== '' && !facts.texts.includes(words)) {
          facts.texts.push(words);
          details.push(words);
        }
      }
    } else if (text !== '') {
      facts.texts.push(text.slice(0, 500));
      details.push(text.slice(0, 500));
    }
  } else if (isRecord(body)) {
    const top = readEntry(body, facts);
    if (top !== undefined) details.push(top);
    const errors = Array.isArray(body.errors) ? body.errors : isRecord(body.error) ? [body.error] : [];
    for (const entry of errors) {
      if (!isRecord(entry)) continue;
      const own = readEntry(entry, facts);
      if (own !== undefined) details.push(own);
    }
    if (isRecord(body.data)) facts.postId = str(body.data.id);
  }
  facts.detail = details[0] ?? facts.texts[0];
  return facts;
};

const header = (answer: Extract<XAnswer, { kind: 'response' }>, name: string): string | undefined => {
  const value = answer.headers?.[name];
  const first = Array.isArray(value) ? (value as readonly string[])[0] : (value as string | undefined);
  return first === undefined || first.trim() === '' ? undefined : first.trim();
};

const epochSecondsToIso = (value: string | undefined): string | undefined => {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 && n < 1e11 ? new Date(n * 1000).toISOString() : undefined;
};

/**
 * When X will accept calls again. A post can hit three limits: the endpoint's 15-minute window
 * (x-rate-limit-*), the user's 24-hour post limit (x-user-limit-24hour-*) and the app's
 * (x-app-limit-24hour-*); the exhausted one that resets last is the one that matters.
 */
export const rateLimitResetOf = (answer: XAnswer): { resetAt?: string; retryAfterSeconds?: number } => {
  if (answer.kind !== 'response') return {};
  const candidates: string[] = [];
  for (const prefix of ['x-user-limit-24hour', 'x-app-limit-24hour', 'x-rate-limit']) {
    const reset = epochSecondsToIso(header(answer, `${prefix}-reset`));
    if (reset !== undefined && header(answer, `${prefix}-remaining`) === '0') candidates.push(reset);
  }
  const windowReset = epochSecondsToIso(header(answer, 'x-rate-limit-reset'));
  if (candidates.length === 0 && windowReset !== undefined) candidates.push(windowReset);
  const resetAt = candidates.sort().at(-1);
  const retryAfter = num(header(answer, 'retry-after'));
  return { ...(resetAt !== undefined ? { resetAt } : {}), ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}) };
};

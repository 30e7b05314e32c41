/**
 * OAuth 1.0a (RFC 5849) signature checking, HMAC-SHA1, as X does it. A request whose signature
 * does not match gets 401: this is what proves the real client library signs correctly.
 *
 * The signature base string is built from the method, the base URL the client used and every
 * parameter: the oauth_* ones from the Authorization header, the query string and an
 * application/x-www-form-urlencoded body (JSON and multipart bodies are not signed). Exact
 * duplicate pairs count once, as they do at X (twitter-api-v2 sends oauth_token both in the header
 * and in the body of access_token, and signs it once).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 3986 unreserved characters stay; everything else is %XX (upper case). */
export const percentEncode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The oauth_* parameters of an `Authorization: OAuth ...` header, decoded; null when it is not one. */
export const parseOAuthHeader = (header: string | undefined): Map<string, string> | null => {
  if (header === undefined || !/^OAuth\s/i.test(header)) return null;
  const params = new Map<string, string>();
  for (const m of header.slice(6).matchAll(/([A-Za-z0-9_.~%-]+)="([^"]*)"/g)) {
    try {
      params.set(decodeURIComponent(m[1] ?? ''), decodeURIComponent(m[2] ?? ''));
    } catch {
      return null;
    }
  }
  return params;
};

export const signatureBaseString = (method: string, baseUrl: string, pairs: readonly (readonly [string, string])[]): string => {
  const encoded = [...new Set(pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`))].map((s) => {
    const i = s.indexOf('=');
    return [s.slice(0, i), s.slice(i + 1)] as const;
  });
  encoded.sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  const parameterString = encoded.map(([k, v]) => `${k}=${v}`).join('&');
  return `${method.toUpperCase()}&${percentEncode(baseUrl)}&${percentEncode(parameterString)}`;
};

export const hmacSha1 = (base: string, consumerSecret: string, tokenSecret: string): string =>
  createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`).update(base).digest('base64');

export interface SignedRequest {
  method: string;
  /** scheme://host[:port]/path, lower-case scheme and host, no default port, no query. */
  baseUrl: string;
  header: Map<string, string>;
  query: URLSearchParams;
  /** The form body, when it was application/x-www-form-urlencoded. */
  form: URLSearchParams | null;
}

export const verifySignature = (request: SignedRequest, consumerSecret: string, tokenSecret: string): boolean => {
  const pairs: [string, string][] = [];
  for (const [k, v] of request.header) if (k !== 'oauth_signature' && k !== 'realm') pairs.push([k, v]);
  for (const [k, v] of request.query) pairs.push([k, v]);
  if (request.form) for (const [k, v] of request.form) pairs.push([k, v]);
  const expected = Buffer.from(hmacSha1(signatureBaseString(request.method, request.baseUrl, pairs), consumerSecret, tokenSecret));
  const given = Buffer.from(request.header.get('oauth_signature') ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Hosts the real client talks to; a request that arrives with one of them was signed for https. */
const X_HOSTS = new Set(['api.x.com', 'upload.x.com', 'api.twitter.com', 'upload.twitter.com']);

/** The base URL the client signed: https://api.x.com/... through the redirecting agent, else this server's. */
export const baseUrlOf = (hostHeader: string | undefined, path: string): string => {
  const host = (hostHeader ?? 'localhost').toLowerCase();
  const bare = host.replace(/:(443|80)$/, '');
  return X_HOSTS.has(bare) ? `https://${bare}${path}` : `http://${host.replace(/:80$/, '')}${path}`;
};

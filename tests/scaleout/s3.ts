/**
 * A real S3-compatible server on loopback for the tests, started and stopped by the test itself:
 * s3rver 3.7.1 (a devDependency; an S3 implementation in Node with a throwaway directory and one
 * bucket) behind a small front that checks AWS Signature V4 on every request. s3rver checks the
 * access key id but not a V4 signature ("unimplemented" in its source), so without the front a
 * wrong secret would pass; the front computes the signature from the canonical request itself
 * (node:crypto, not the SDK's signer) and answers 403 SignatureDoesNotMatch as S3 does.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface ThrowawayS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The env a Riposte process needs to keep its images there. */
  env: Record<string, string>;
  /** Requests refused for a bad signature so far. */
  refused(): number;
  /** The next `n` PUTs of an image's bytes (not of its metadata) answer 500 InternalError. */
  failImagePuts(n: number): void;
  stop(): Promise<void>;
}

const ACCESS_KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';
const REGION = 'us-east-1';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
/** RFC 3986 encoding as SigV4 wants it. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature the request should carry with `secret`, or null when it has no V4 Authorization header. */
export const expectedSignature = (req: IncomingMessage, secret: string): { provided: string; expected: string } | null => {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (m === null) return null;
  const [, , date, region, service, signedHeaders, provided] = m as unknown as string[];
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?', 2) as [string, string?];
  const query = rawQuery
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const [k, v = ''] = p.split('=', 2) as [string, string?];
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v.replace(/\+/g, '%20')))] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = (signedHeaders as string).split(';');
  const headers = names.map((n) => {
    const value = req.headers[n];
    return `${n}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payload = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  const canonical = [req.method, rawPath, query, headers.join(''), signedHeaders, payload].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date as string), region as string), service as string), 'aws4_request');
  return { provided: provided as string, expected: hmac(key, stringToSign).toString('hex') };
};

const refuse = (res: ServerResponse, code: string, message: string) => {
  res.writeHead(403, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

export const startS3 = async (bucket = 'riposte-images'): Promise<ThrowawayS3> => {
  const directory = mkdtempSync(join(tmpdir(), 'riposte-s3-'));
  const inner = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port: innerPort } = await inner.run();
  let refused = 0;
  let failing = 0;
  const front = createServer((req, res) => {
    if (failing > 0 && req.method === 'PUT' && /\.(png|jpg|gif|webp)(\?|$)/.test(req.url ?? '')) {
      failing -= 1;
      req.resume();
      res.writeHead(500, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>');
      return;
    }
    const signature = expectedSignature(req, SECRET);
    // s3rver answers an unknown key id itself (InvalidAccessKeyId); the front checks the rest.
    if (signature === null) {
      refused += 1;
      return refuse(res, 'AccessDenied', 'Anonymous requests are not allowed.');
    }
    const a = Buffer.from(signature.provided, 'hex');
    const b = Buffer.from(signature.expected, 'hex');
    const keyId = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1];
    if (keyId === ACCESS_KEY_ID && (a.length !== b.length || !timingSafeEqual(a, b))) {
      refused += 1;
      return refuse(res, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
    const upstream = request({ host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (e) => res.destroy(e));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET,
    region: REGION,
    env: {
      RIPOSTE_S3_URL: url,
      RIPOSTE_S3_BUCKET: bucket,
      RIPOSTE_S3_REGION: REGION,
      RIPOSTE_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      RIPOSTE_S3_SECRET_ACCESS_KEY: SECRET,
    },
    refused: () => refused,
    failImagePuts: (n) => {
      failing = n;
    },
    stop: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await inner.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

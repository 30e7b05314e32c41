/**
 * What the security tests share: a raw request that sends the path byte for byte (Client.request
 * goes through `new URL`, which resolves `/./`, `/x/../` and turns `\` into `/` before anything
 * is sent, so an attacker's spellings would never reach the server), and counters of what a
 * refused request must leave alone (events, stored uploads).
 */
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Client, TestServer } from '../api/support';

export interface RawReply {
  status: number;
  text: string;
  code: string | undefined;
}

export interface RawOptions {
  /** Send `X-Riposte-Request: 1` (default true, like the web app). */
  csrf?: boolean;
  headers?: Record<string, string>;
  body?: string | Buffer;
  contentType?: string;
}

export const rawRequest = (client: Client, method: string, path: string, options: RawOptions = {}): Promise<RawReply> => {
  const url = new URL(client.base);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.csrf !== false) headers['X-Riposte-Request'] = '1';
  const cookie = client.cookieHeader();
  if (cookie !== '') headers.Cookie = cookie;
  const body = options.body ?? (method === 'GET' || method === 'HEAD' ? undefined : '{}');
  if (body !== undefined) {
    headers['Content-Type'] = options.contentType ?? 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, code });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
};

/**
 * Events in the store (the test servers use SQLite): a refused request adds none. `except`: event
 * types not counted (a token's use is written down even when the call it made is refused).
 */
export const eventCount = (server: TestServer, except: string[] = []): number => {
  const db = new Database(join(server.dataDir, 'events.db'), { readonly: true, fileMustExist: true });
  try {
    const skip = except.map(() => '?').join(', ');
    return (db.prepare(`SELECT COUNT(*) AS n FROM events${except.length === 0 ? '' : ` WHERE type NOT IN (${skip})`}`).get(...except) as { n: number }).n;
  } finally {
    db.close();
  }
};

/** Files under <data>/uploads. */
export const storedUploads = (server: TestServer): string[] => {
  try {
    return readdirSync(join(server.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
};

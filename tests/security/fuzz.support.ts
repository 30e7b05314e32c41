/**
 * The pieces of the API fuzz (fuzz.int.test.ts): request bodies as fast-check arbitraries, and a
 * snapshot of the server's state (event count, a checksum of the read models) read through
 * read-only connections to its SQLite files.
 *
 * Bodies are built as a small JSON syntax tree and serialised by hand, so a body can hold what
 * JSON.stringify never writes: `-0`, `1e400`, duplicate keys, a `__proto__` key, and malformed text.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import fc from 'fast-check';

// ---- JSON syntax tree -------------------------------------------------------------------------

export type Json =
  | { t: 'raw'; s: string }
  | { t: 'str'; s: string }
  | { t: 'arr'; items: Json[] }
  | { t: 'obj'; entries: [string, Json][] };

const raw = (s: string): Json => ({ t: 'raw', s });
const str = (s: string): Json => ({ t: 'str', s });

/** A plain value (a seed body) as a tree. */
export const tree = (value: unknown): Json => {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return raw(JSON.stringify(value));
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return { t: 'arr', items: value.map(tree) };
  if (typeof value === 'object') return { t: 'obj', entries: Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, tree(v)]) };
  return raw('null');
};

export const serialise = (j: Json): string => {
  switch (j.t) {
    case 'raw':
      return j.s;
    case 'str':
      return JSON.stringify(j.s);
    case 'arr':
      return `[${j.items.map(serialise).join(',')}]`;
    case 'obj':
      return `{${j.entries.map(([k, v]) => `${JSON.stringify(k)}:${serialise(v)}`).join(',')}}`;
  }
};

// ---- values -----------------------------------------------------------------------------------

/** The JSON body limit of the server (koa bodyparser jsonLimit '100kb'). */
export const BODY_LIMIT = 100 * 1024;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800', // lone high surrogate
  'x\uDC00y', // lone low surrogate
  '\u202Eevil\u202C', // right-to-left override
  '\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627', // Hebrew and Arabic
  '\u200B\u200C\u200D\uFEFF\u2060', // zero-width characters
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}', // emoji ZWJ family
  '\u{1F3F3}\uFE0F\u200D\u{1F308}'.repeat(40),
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307',
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e999',
  '0x1F',
  '  42  ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '../../../../etc/passwd',
  '%2e%2e%2f',
  '%00',
  '2026-02-30',
  '9999-12-31T23:59:59.999Z',
  '-271821-04-20T00:00:00.000Z',
  '25:61',
  '24:00',
  '23:59:60',
  '9999-12-31',
  '0000-01-01',
  '2026-13-01',
  '2027-02-29',
  '+275760-09-13',
  '1970-01-01T00:00:00Z',
  'Etc/GMT+14',
  'America/Argentina/ComodRivadavia',
  'Europe/Atlantis',
  '@everyone @here',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '/uploads/../events.db',
];

const NASTY_NUMBERS = ['0', '-0', '1', '-1', '0.5', '1e308', '-1e308', '1e400', '-1e400', '5e-324', '9007199254740993', '1e21', '2147483648', '24', '60', '7', '1.0e+2'];

const unicodeString = fc.string({ unit: 'binary', maxLength: 40 });
const graphemeString = fc.string({ unit: 'grapheme', maxLength: 40 });

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS).map(str),
  fc.constantFrom(...NASTY_NUMBERS).map(raw),
  fc.constantFrom('null', 'true', 'false').map(raw),
  unicodeString.map(str),
  graphemeString.map(str),
  fc.double().map((n) => raw(Object.is(n, -0) ? '-0' : Number.isFinite(n) ? String(n) : '1e400')),
  fc.integer().map((n) => raw(String(n))),
);

/** Keys that would pollute a prototype if an object were merged carelessly. */
const POLLUTION: Json = { t: 'obj', entries: [['polluted', raw('1')]] };
const pollutingEntries: [string, Json][][] = [
  [['__proto__', POLLUTION]],
  [['constructor', { t: 'obj', entries: [['prototype', POLLUTION]] }]],
  [['prototype', POLLUTION]],
  [['__proto__', { t: 'obj', entries: [['isAdmin', raw('true')], ['role', str('admin')]] }]],
];

const nested = (depth: number, leaf: Json, asArray: boolean): Json => {
  let j = leaf;
  for (let i = 0; i < depth; i += 1) j = asArray ? { t: 'arr', items: [j] } : { t: 'obj', entries: [['a', j]] };
  return j;
};

/** Nesting written as text: a tree this deep would overflow the serialiser's own stack. */
const deepText = (depth: number, open: string, close: string) => raw(open.repeat(depth) + '1' + close.repeat(depth));

const structured: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }).map((items): Json => ({ t: 'arr', items })),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'userId', 'role'), unicodeString), tie('value')), {
        maxLength: 4,
      })
      .map((entries): Json => ({ t: 'obj', entries })),
  ),
})).value;

/** A value for one field: anything wrong, from a scalar of the wrong type to a deep tree. */
export const fieldValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 3, arbitrary: structured },
  { weight: 1, arbitrary: fc.constantFrom(...pollutingEntries).map((entries): Json => ({ t: 'obj', entries })) },
  { weight: 1, arbitrary: fc.constantFrom(20, 200).chain((d) => fc.boolean().map((a) => nested(d, raw('1'), a))) },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 45_000).map((d) => deepText(d, '[', ']')) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_000 }).map((n) => str('a'.repeat(n))) },
);

// ---- bodies -------------------------------------------------------------------------------------

export interface Body {
  /** What it is, for the report. */
  kind: string;
  text: string | Buffer | undefined;
  contentType: string | undefined;
}

const json = (kind: string, j: Json): Body => ({ kind, text: serialise(j), contentType: 'application/json' });

const objectOf = (seed: unknown): [string, Json][] => {
  const t = tree(seed);
  return t.t === 'obj' ? t.entries : [];
};

/** The seed with one field's value replaced by a string that brings the whole body to `total` bytes. */
const padded = (entries: [string, Json][], key: string, total: number): Body => {
  const without = serialise({ t: 'obj', entries: entries.map(([k, v]): [string, Json] => [k, k === key ? str('') : v]) });
  const room = Math.max(0, total - Buffer.byteLength(without));
  const filler = 'ab cd '.repeat(Math.ceil(room / 6)).slice(0, room);
  return json(`huge string (${total} bytes) in ${key}`, { t: 'obj', entries: entries.map(([k, v]): [string, Json] => [k, k === key ? str(filler) : v]) });
};

const MALFORMED: string[] = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":1}{"b":2}',
  '[1,2',
  '"unterminated',
  '{"a":"\\u12"}',
  '{"a":"\\uD800"}',
  '\uFEFF{"a":1}',
  ' ',
  'null',
  '0',
  '"a string"',
  '[]',
  'true',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2,"a":{"__proto__":{"polluted":1}}}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/csp-report',
  'application/xml',
  'application/json, text/plain',
  '',
];

/** Arbitrary bodies for a route whose valid body looks like `seed` (`{}` when not known). */
export const bodies = (seed: Record<string, unknown>): fc.Arbitrary<Body> => {
  const entries = objectOf(seed);
  const keys = entries.length > 0 ? entries.map(([k]) => k) : ['value'];
  const base: [string, Json][] = entries.length > 0 ? entries : [['value', str('x')]];
  const seedText = serialise({ t: 'obj', entries: base });
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    // One field of an otherwise valid body made wrong: reaches the deepest validation.
    {
      weight: 10,
      arbitrary: fc.tuple(key, fieldValue).map(([k, v]) => json(`${k} replaced`, { t: 'obj', entries: base.map(([bk, bv]): [string, Json] => [bk, bk === k ? v : bv]) })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.subarray(keys, { minLength: 1 }), fieldValue).map(([ks, v]) =>
        json(`${ks.join(',')} replaced`, { t: 'obj', entries: base.map(([bk, bv]): [string, Json] => [bk, ks.includes(bk) ? v : bv]) }),
      ),
    },
    // A valid string with something odd added: usually still valid, so it is stored and read back.
    {
      weight: 2,
      arbitrary: fc.tuple(key, fc.oneof(fc.constantFrom(...NASTY_STRINGS), graphemeString), fc.boolean()).map(([k, extra, before]) =>
        json(`${k} with ${JSON.stringify(extra).slice(0, 20)} added`, {
          t: 'obj',
          entries: base.map(([bk, bv]): [string, Json] => [bk, bk === k && bv.t === 'str' ? str(before ? extra + bv.s : bv.s + extra) : bv]),
        }),
      ),
    },
    { weight: 2, arbitrary: key.map((k) => json(`${k} missing`, { t: 'obj', entries: base.filter(([bk]) => bk !== k) })) },
    // The valid body with a polluting or unknown key added.
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...pollutingEntries), fc.boolean())
        .map(([extra, first]) => json(`${extra[0]?.[0] ?? ''} key added`, { t: 'obj', entries: first ? [...extra, ...base] : [...base, ...extra] })),
    },
    { weight: 1, arbitrary: fc.tuple(unicodeString, fieldValue).map(([k, v]) => json('unknown key added', { t: 'obj', entries: [...base, [k, v]] })) },
    // The whole body of the wrong shape.
    { weight: 3, arbitrary: structured.map((j) => json('any value', j)) },
    { weight: 1, arbitrary: fc.constant(json('array of the body', { t: 'arr', items: [{ t: 'obj', entries: base }] })) },
    // Under the body cap: `{"a":` and `}` are 6 bytes a level, `[` and `]` 2.
    { weight: 1, arbitrary: fc.constantFrom(200, 5_000, 16_000).map((d) => json(`nested ${d} deep`, deepText(d, '{"a":', '}'))) },
    { weight: 1, arbitrary: fc.constantFrom(10_000, 50_000).map((d) => json(`array nested ${d} deep`, deepText(d, '[', ']'))) },
    // Huge strings: well under, exactly at and just over the body cap.
    {
      weight: 2,
      arbitrary: fc.tuple(key, fc.constantFrom(20_000, BODY_LIMIT, BODY_LIMIT + 1)).map(([k, total]) => padded(base, k, total)),
    },
    // Text that is not JSON, or not UTF-8.
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED).map((text): Body => ({ kind: `malformed: ${text.slice(0, 30)}`, text, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        kind: 'invalid UTF-8',
        text: Buffer.concat([Buffer.from('{"value":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xc0, 0xaf]), Buffer.from('"}')]),
        contentType: 'application/json',
      }),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text): Body => ({ kind: 'random text', text, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'no body', text: undefined, contentType: undefined }) },
    // The valid body under another content type.
    {
      weight: 2,
      arbitrary: fc.constantFrom(...CONTENT_TYPES).map((ct): Body => ({ kind: `content type '${ct}'`, text: seedText, contentType: ct === '' ? undefined : ct })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'form encoded', text: '__proto__[polluted]=1&constructor[prototype][polluted]=1', contentType: 'application/x-www-form-urlencoded' }) },
  );
};

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Multipart bodies for upload routes: odd file names, part types, contents and framing. */
export const multipartBodies: fc.Arbitrary<Body> = fc
  .record({
    field: fc.constantFrom('image', 'file', '__proto__', ''),
    fileName: fc.oneof(
      fc.constantFrom('dot.png', '../../../events.db', '..\\..\\x.png', 'a\u0000.png', '.png', 'x.svg', 'gnp.exe\u202E', 'x'.repeat(1_000) + '.png', '', 'a"b.png', 'é\u{1F468}\u200D\u{1F469}.png'),
      unicodeString,
    ),
    partType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', 'image/gif', ''),
    content: fc.oneof(
      fc.constantFrom(
        PNG_1X1,
        Buffer.alloc(0),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        Buffer.concat([PNG_1X1.subarray(0, 16), Buffer.from('<html><script>alert(1)</script>')]),
        Buffer.from('GIF89a<script>alert(1)</script>'),
      ),
      fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    ),
    framing: fc.constantFrom('complete', 'no closing boundary', 'two files', 'other boundary', 'no boundary parameter'),
  })
  .map(({ field, fileName, partType, content, framing }): Body => {
    const boundary = 'fuzzboundary42';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n${partType === '' ? '' : `Content-Type: ${partType}\r\n`}\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
    const closing = Buffer.from(`--${boundary}--\r\n`);
    const text =
      framing === 'no closing boundary' ? part(fileName) : framing === 'two files' ? Buffer.concat([part(fileName), part('second.png'), closing]) : Buffer.concat([part(fileName), closing]);
    const contentType =
      framing === 'other boundary' ? 'multipart/form-data; boundary=another' : framing === 'no boundary parameter' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return { kind: `multipart ${framing}, ${partType || 'no type'} '${fileName.slice(0, 40)}'`, text, contentType };
  });

/** Query strings for any route (GETs have nothing else to fuzz). */
export const queries: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  fc.constantFrom(
    '?__proto__[polluted]=1',
    '?constructor[prototype][polluted]=1',
    '?id=1&id=2&id[]=3',
    '?limit=-1&offset=1e308',
    '?limit=NaN',
    '?q=%00',
    '?q=%E0%A4%A',
    '?q=%uD800',
    `?q=${'a'.repeat(8_000)}`,
    '?oauth_token=&oauth_verifier=&denied=',
    '?oauth_token=x&oauth_token=y',
  ),
  fc.dictionary(unicodeString, unicodeString, { maxKeys: 3 }).map((d) => `?${new URLSearchParams(d).toString()}`),
);

/** Extra request headers: request ids, idempotency keys, encodings the body does not have. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  fc.record(
    {
      'Idempotency-Key': fc.oneof(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }), fc.constant('k'.repeat(4_000))),
      'X-Request-Id': fc.constantFrom('', 'x', '../../', 'a'.repeat(65), '%00', 'id with spaces', '\t'),
      'Content-Encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'compress', 'gzip, gzip', 'zstd'),
      Accept: fc.constantFrom('text/html', '*/*', 'application/xml', ''),
      'Accept-Charset': fc.constantFrom('utf-16', 'iso-8859-1'),
    },
    { requiredKeys: [] },
  ),
);

// ---- server state -----------------------------------------------------------------------------

export interface State {
  events: number;
  head: number;
  read: string;
  /** Files under <data>/uploads (a refused upload keeps none). */
  uploads: string;
}

/** Tables of the read database that are the runner's bookkeeping, not read models. */
const BOOKKEEPING = new Set(['riposte_projections']);

/**
 * Read-only connections to the server's event store and read database (WAL: readers see the last
 * committed transaction and never block the server).
 */
export const openState = (dataDir: string) => {
  const events = new Database(join(dataDir, 'events.db'), { readonly: true, fileMustExist: true });
  const read = new Database(join(dataDir, 'read.db'), { readonly: true, fileMustExist: true });
  const countEvents = events.prepare<[], { n: number; head: number | null }>('SELECT count(*) AS n, max(position) AS head FROM events');
  const eventsAfter = events.prepare<[number], { stream: string; type: string }>('SELECT stream, type FROM events WHERE position > ? ORDER BY position LIMIT 10');

  const uploadedFiles = (): string => {
    const dir = join(dataDir, 'uploads');
    if (!existsSync(dir)) return '';
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      .sort()
      .join(',');
  };

  // SQLite's data_version moves whenever another connection (the server's) commits to read.db:
  // unmoved, the tables are the ones last hashed, and the hash is reused. The fuzz snapshots after
  // every refusal, and hashing every table each time was a third of its run.
  const dataVersion = read.prepare<[], number>('PRAGMA data_version').pluck();
  let hashed: { version: number; sum: string } | null = null;
  const checksum = (): string => {
    const version = dataVersion.get()!;
    if (hashed?.version === version) return hashed.sum;
    const hash = createHash('sha256');
    const tables = read
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all()
      .map((r) => r.name)
      .filter((name) => !BOOKKEEPING.has(name));
    // One read transaction, so the tables agree with each other.
    read.transaction(() => {
      for (const name of tables) {
        const rows = read.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).raw().all();
        const lines = rows.map((row) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('base64') : v))).sort();
        hash.update(`${name}\n${lines.join('\n')}\n`);
      }
    })();
    // The version read before the hash: a commit during it moves the version, so the next call hashes again.
    hashed = { version, sum: hash.digest('hex') };
    return hashed.sum;
  };

  /** The lowest checkpoint of all projections (every projection has passed it). */
  const projected = (): number => {
    const rows = read.prepare<[], { position: string | null }>('SELECT position FROM riposte_projections').all();
    return rows.reduce((min, r) => Math.min(min, r.position === null ? 0 : Number(r.position)), Number.POSITIVE_INFINITY);
  };

  const snapshot = (): State => {
    const { n, head } = countEvents.get() ?? { n: 0, head: null };
    return { events: n, head: head ?? 0, read: checksum(), uploads: uploadedFiles() };
  };

  return {
    snapshot,
    /** Waits until the read models have applied every stored event, then snapshots. */
    settled: async (timeoutMs = 10_000): Promise<State> => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { head } = countEvents.get() ?? { head: null };
        if (projected() >= (head ?? 0)) return snapshot();
        if (Date.now() > until) throw new Error(`read models stuck at ${projected()} of ${head}`);
        await sleep(10);
      }
    },
    /** What was appended after `head` (for the report). */
    appendedAfter: (head: number) => eventsAfter.all(head).map((e) => `${e.type} on ${e.stream}`),
    close: () => {
      events.close();
      read.close();
    },
  };
};

/**
 * The default mailer: each message becomes a JSON file in <data>/mail (0600), newest last by name.
 * Nothing leaves the machine; the admin's sandbox Mailbox page lists the files.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mailer, StoredMail } from '@core/mail';

export const MAIL_DIR = 'mail';

const FILE = /^(\d{8}T\d{9}Z)-([0-9a-f-]{36})\.json$/;

export interface MailSink extends Mailer {
  readonly kind: 'sink';
  /** Newest first, at most `limit`. */
  list(limit?: number): StoredMail[];
  /** One message by its id, or null (an id that is not a sink id is simply not found). */
  read(id: string): StoredMail | null;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '');

export const createMailSink = (options: { dir: string; from: string; clock?: () => Date }): MailSink => {
  const clock = options.clock ?? (() => new Date());
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const files = () => readdirSync(options.dir).filter((f) => FILE.test(f)).sort();
  const load = (file: string): StoredMail => JSON.parse(readFileSync(join(options.dir, file), 'utf8')) as StoredMail;
  return {
    kind: 'sink',
    send: async (message) => {
      const now = clock();
      const id = randomUUID();
      const stored: StoredMail = { ...message, id, from: options.from, sentAt: now.toISOString() };
      writeFileSync(join(options.dir, `${stamp(now)}-${id}.json`), `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      return { id };
    },
    list: (limit = 100) => files().reverse().slice(0, limit).map(load),
    read: (id) => {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      const file = files().find((f) => f.endsWith(`-${id}.json`));
      return file === undefined ? null : load(file);
    },
  };
};

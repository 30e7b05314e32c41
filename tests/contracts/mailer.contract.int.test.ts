/**
 * The Mail port against each adapter: the local sink (files in the data directory) and SMTP
 * (nodemailer) against a minimal SMTP server on loopback that records what it was given.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailSink, createSmtpMailer } from '@adapters/mail';
import { passwordResetMail, type Mailer } from '@core/mail';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP for one client: greeting, EHLO, MAIL, RCPT, DATA, QUIT. */
const smtpServer = () => {
  const received: Received[] = [];
  const server: Server = createServer((socket: Socket) => {
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 loopback ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued as test\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-loopback\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        }
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
};

const dirs: string[] = [];
const smtp = smtpServer();
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const message = passwordResetMail('alice@example.com', 'http://localhost/reset-password#token=abc');

describe.each([
  ['sink', () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-mail-'));
    dirs.push(dir);
    return createMailSink({ dir, from: 'Riposte <no-reply@test>' }) as Mailer;
  }],
  ['smtp', () => createSmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, from: 'Riposte <no-reply@test>' })],
] as const)('Mailer contract: %s', (_name, make) => {
  it('sends a message and answers its id', async () => {
    const mailer = make();
    const sent = await mailer.send(message);
    expect(sent.id).toMatch(/\S/);
  });
});

describe('the mail sink', () => {
  it('keeps each message as a private file, lists newest first and reads by id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riposte-mail-'));
    dirs.push(dir);
    let t = Date.parse('2026-11-27T10:00:00Z');
    const sink = createMailSink({ dir, from: 'Riposte <no-reply@test>', clock: () => new Date((t += 1000)) });
    const first = await sink.send(message);
    const second = await sink.send({ ...message, subject: 'second' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const f of files) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    expect(sink.list().map((m) => m.id)).toEqual([second.id, first.id]);
    expect(sink.read(first.id)).toMatchObject({ to: 'alice@example.com', kind: 'password_reset', from: 'Riposte <no-reply@test>' });
    expect(sink.read('../../etc/passwd')).toBeNull();
    expect(sink.read('00000000-0000-0000-0000-000000000000')).toBeNull();
  });
});

describe('the SMTP adapter', () => {
  it('hands the server the sender, the recipient, the subject and the text', async () => {
    const before = smtp.received.length;
    await createSmtpMailer({ url: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, from: 'Riposte <no-reply@test>' }).send(message);
    const got = smtp.received[before];
    expect(got?.from).toContain('no-reply@test');
    expect(got?.to.join()).toContain('alice@example.com');
    expect(got?.data).toContain('Subject: Reset your Riposte password');
    // The body travels quoted-printable: soft line breaks and =XX escapes undone.
    const body = (got?.data ?? '').replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(body).toContain('reset-password#token=abc');
  });
});

/** Mailers: SMTP when RIPOSTE_SMTP_URL is set, else the local sink under <data>/mail. */
import { join } from 'node:path';
import type { Mailer } from '@core/mail';
import { createMailSink, MAIL_DIR, type MailSink } from './sink';
import { createSmtpMailer } from './smtp';

export { createMailSink, createSmtpMailer, MAIL_DIR, type MailSink };

export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}

/** The mailer, and the sink when it is the sink (the sandbox Mailbox reads it). */
export const openMailer = (config: MailConfig, dataDir: string, clock?: () => Date): { mailer: Mailer; sink: MailSink | null } => {
  if (config.smtpUrl !== undefined) return { mailer: createSmtpMailer({ url: config.smtpUrl, from: config.from }), sink: null };
  const sink = createMailSink({ dir: join(dataDir, MAIL_DIR), from: config.from, ...(clock ? { clock } : {}) });
  return { mailer: sink, sink };
};

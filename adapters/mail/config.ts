/**
 * Mail settings from the environment, shared by the server and `npm run scheduler` (both send):
 *  - RIPOSTE_SMTP_URL (optional): smtp://host:port or smtps://user:pass@host:port; unset keeps every
 *    message as a file in <data>/mail, listed on the admin's sandbox Mailbox page;
 *  - RIPOSTE_MAIL_FROM: the sender.
 */
import { z } from 'zod';
import { optional, withDefault } from '@adapters/env';
import type { MailConfig } from './index';

export const mailEnvShape = {
  RIPOSTE_SMTP_URL: optional(
    z
      .string()
      .trim()
      .refine((v) => /^smtps?:\/\/[^\s/]+/.test(v), { message: 'expected smtp://host:port or smtps://user:pass@host:port' }),
  ),
  RIPOSTE_MAIL_FROM: withDefault(z.string().trim().min(3, { message: 'expected a sender such as Riposte <no-reply@example.com>' }), 'Riposte <no-reply@riposte.local>'),
};

export const mailConfigFrom = (env: { RIPOSTE_SMTP_URL?: string | undefined; RIPOSTE_MAIL_FROM: string }): MailConfig => ({ smtpUrl: env.RIPOSTE_SMTP_URL, from: env.RIPOSTE_MAIL_FROM });

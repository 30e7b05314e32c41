/**
 * Mail through an SMTP server (nodemailer), chosen by RIPOSTE_SMTP_URL, e.g.
 * smtps://user:pass@smtp.example.com:465 or smtp://localhost:1025. The URL carries the
 * credentials, so it is never logged.
 */
import nodemailer from 'nodemailer';
import type { Mailer } from '@core/mail';

export const createSmtpMailer = (options: { url: string; from: string; timeoutMs?: number }): Mailer => {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport(options.url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    kind: 'smtp',
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
      return { id: String(info.messageId) };
    },
  };
};

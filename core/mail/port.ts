/**
 * The Mail port: send one message. Adapters: SMTP (nodemailer, RIPOSTE_SMTP_URL) and the local
 * sink that keeps each message as a file in the data directory (the default; readable on the
 * admin's sandbox Mailbox page).
 */

/** Why a message is sent; the sink lists it, and the tests find messages by it. */
export type MailKind = 'password_reset' | 'failed_reply' | 'weekly_summary' | 'x_sending_paused' | 'paypal_webhook_alert';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: every message Riposte sends reads fine without HTML. */
  text: string;
  kind: MailKind;
}

export interface SentMail {
  /** The transport's id for the message (the SMTP message id, or the sink's file id). */
  id: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'sink';
  send(message: MailMessage): Promise<SentMail>;
}

/** A message the sink kept, as the Mailbox page shows it. */
export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/**
 * The e-mails Riposte sends, built from plain facts (links and counts come in; nothing here reads
 * a clock or a store). Subjects are stable so a person can filter on them.
 */
import type { MailMessage } from './port';

export const RESET_LINK_VALID_MINUTES = 60;

export const passwordResetMail = (to: string, link: string): MailMessage => ({
  to,
  kind: 'password_reset',
  subject: 'Reset your Riposte password',
  text: [
    'Someone (we hope you) asked to reset the password of your Riposte account.',
    '',
    `Choose a new password here: ${link}`,
    '',
    `The link works once and for ${RESET_LINK_VALID_MINUTES} minutes. If you did not ask, ignore this message: your password stays as it is.`,
  ].join('\n'),
});

export interface FailedReplyFacts {
  target: string;
  content: string;
  status: string;
  message: string | null;
  historyUrl: string;
}

export const failedReplyMail = (to: string, f: FailedReplyFacts): MailMessage => ({
  to,
  kind: 'failed_reply',
  subject: `A reply to @${f.target} failed`,
  text: [
    `Your scheduled reply to @${f.target} did not go out (${f.status}).`,
    f.message === null ? '' : `Reason: ${f.message}`,
    '',
    `Reply: ${f.content}`,
    '',
    `See it in Reply History: ${f.historyUrl}`,
    '',
    'You get this because "Email on failed replies" is on in Settings.',
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n'),
});

export interface WeeklySummaryFacts {
  /** ISO week, e.g. '2026-W48'. */
  week: string;
  sent: number;
  failed: number;
  activeSchedules: number;
  settingsUrl: string;
}

export const weeklySummaryMail = (to: string, f: WeeklySummaryFacts): MailMessage => ({
  to,
  kind: 'weekly_summary',
  subject: `Your Riposte week ${f.week}`,
  text: [
    `Your replies in ${f.week}:`,
    `- sent: ${f.sent}`,
    `- failed: ${f.failed}`,
    `- active schedules: ${f.activeSchedules}`,
    '',
    `Turn this summary off in Settings: ${f.settingsUrl}`,
  ].join('\n'),
});

export interface XSendingPausedFacts {
  /** Our words for why (core/x-sending X_SENDING_MESSAGES.paused). */
  message: string;
  /** X's own words, when it gave any. */
  detail: string | null;
  since: string;
  adminUrl: string;
}

/** To every admin with an e-mail, once per pause: X refuses the app itself, so nothing goes out. */
export const xSendingPausedMail = (to: string, f: XSendingPausedFacts): MailMessage => ({
  to,
  kind: 'x_sending_paused',
  subject: 'Riposte: sending to X is paused',
  text: [
    f.message,
    f.detail === null ? '' : `X said: ${f.detail}`,
    '',
    `Paused since ${f.since}. Replies due meanwhile wait; Riposte asks X every few minutes and resumes by itself once X answers again.`,
    '',
    `Dashboard: ${f.adminUrl}`,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n'),
});

export interface PayPalWebhookAlertFacts {
  /** Why the admins hear of it (core/billing webhookAlertReason). */
  reason: string;
  eventId: string;
  eventType: string;
  detail: string | null;
  at: string;
  adminUrl: string;
}

/** To every admin with an e-mail, once per PayPal event and outcome: a payment problem or an event not applied. */
export const paypalWebhookAlertMail = (to: string, f: PayPalWebhookAlertFacts): MailMessage => ({
  to,
  kind: 'paypal_webhook_alert',
  subject: `Riposte: PayPal ${f.eventType}`,
  text: [f.reason, '', `Event: ${f.eventType} ${f.eventId}, received ${f.at}`, f.detail === null ? '' : `Detail: ${f.detail}`, '', `Admin: ${f.adminUrl}`]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n'),
});

/**
 * Tells every active admin with an e-mail of a PayPal event they should know of (a payment
 * problem, an event that could not be read or handled): recorded on the admin's notifications
 * stream under the event and its outcome before it is sent, so a redelivery or a second process
 * sends it once.
 */
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { adminRecipients } from '@adapters/read-models/users';
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { paypalWebhookAlertMail, type Mailer, type PayPalWebhookAlertFacts } from '@core/mail';
import { notificationDecider, notificationStream } from '@core/notifications';

export type PayPalWebhookAlert = Omit<PayPalWebhookAlertFacts, 'adminUrl'> & { outcome: string };

export const createPayPalWebhookAlerts =
  (deps: { store: EventStore; db: () => ReadDb; mailer: Mailer; appUrl: () => string; logger: { warn(obj: object, msg: string): void } }) =>
  async (alert: PayPalWebhookAlert): Promise<void> => {
    const key = `paypal_webhook:${alert.eventId}:${alert.outcome}`;
    for (const admin of adminRecipients(deps.db())) {
      const result = await handleCommand(
        deps.store,
        notificationStream(admin.id),
        notificationDecider,
        { type: 'RecordNotification', key, kind: 'paypal_webhook_alert', now: alert.at },
        { metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: alert.at }, newId: randomUUID },
      );
      if (result.events.length === 0) continue;
      const { outcome: _outcome, ...facts } = alert;
      await deps.mailer.send(paypalWebhookAlertMail(admin.email, { ...facts, adminUrl: `${deps.appUrl()}/admin` })).catch((err: unknown) => deps.logger.warn({ err, userId: admin.id }, 'the e-mail about a PayPal event could not be sent'));
    }
  };

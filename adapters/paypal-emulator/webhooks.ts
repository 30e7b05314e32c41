/**
 * The emulator's webhooks: PayPal's event envelope, signed (an HMAC over the transmission id, time,
 * webhook id and the body's hash, checked by the emulator's verify-webhook-signature), delivered to
 * the shop's URL up to three times until it answers 2xx, each try recorded; faults make a delivery
 * late, repeated or dropped.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { paypalId } from './world';

export interface WebhookFault {
  /** Deliver each event this many extra times. */
  duplicate?: number;
  /** Hold each delivery this long (a late webhook). */
  delayMs?: number;
  /** Do not deliver. */
  drop?: boolean;
  /** Only events of this type (default: every type). */
  eventType?: string;
  /** How many events it applies to (default 1). */
  times?: number;
}

export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  status: number | 'error';
  at: number;
}

export interface WebhookSenderOptions {
  now: () => number;
  /** The emulator's clock as PayPal writes times. */
  iso: () => string;
  webhookId: string;
  url: string | null;
  /** The emulator's own address (the certificate URL names it). */
  base: () => string;
}

export const createWebhookSender = (options: WebhookSenderOptions) => {
  const { now, iso, base } = options;
  const signingKey = randomBytes(32);
  let url = options.url;
  const faults: (WebhookFault & { left: number })[] = [];
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();

  const signatureOf = (transmissionId: string, time: string, whId: string, body: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${whId}|${createHash('sha256').update(body).digest('hex')}`).digest('base64');

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const deliverOnce = async (event: { id: string; event_type: string }, body: string) => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const transmissionId = randomUUID();
      const time = new Date(now()).toISOString();
      let status: number | 'error' = 'error';
      try {
        const res = await fetch(url as string, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'paypal-transmission-id': transmissionId,
            'paypal-transmission-time': time,
            'paypal-transmission-sig': signatureOf(transmissionId, time, options.webhookId, body),
            'paypal-cert-url': `${base()}/v1/notifications/certs/CERT-sandbox`,
            'paypal-auth-algo': 'SHA256withRSA',
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 'error';
      }
      deliveries.push({ eventId: event.id, eventType: event.event_type, status, at: now() });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      await sleep(200 * attempt);
    }
  };

  const emit = (eventType: string, resourceType: string, resource: unknown) => {
    if (url === null) return;
    const event = {
      id: `WH-${paypalId()}`,
      event_version: '1.0',
      create_time: iso(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: eventType,
      resource,
      links: [],
    };
    const body = JSON.stringify(event);
    const i = faults.findIndex((f) => f.eventType === undefined || f.eventType === eventType);
    const fault = i < 0 ? undefined : faults[i];
    if (fault) {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(i, 1);
    }
    if (fault?.drop) return;
    const job = (async () => {
      if (fault?.delayMs) await sleep(fault.delayMs);
      for (let n = 0; n <= (fault?.duplicate ?? 0); n += 1) await deliverOnce(event, body);
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  };

  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return {
    signatureOf,
    emit,
    deliveries,
    idle,
    fault: (fault: WebhookFault) => void faults.push({ ...fault, left: fault.times ?? 1 }),
    clearFaults: () => void (faults.length = 0),
    setUrl: (next: string | null) => void (url = next),
    /** No more deliveries; those under way get up to 2 s to end. */
    close: async () => {
      url = null;
      for (const t of timers) clearTimeout(t);
      await Promise.race([idle(), new Promise((r) => setTimeout(r, 2000))]);
    },
  };
};

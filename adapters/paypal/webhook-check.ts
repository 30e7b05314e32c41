/**
 * What a webhook must look like before PayPal is asked about it. verify-webhook-signature is a
 * call to PayPal per event, and the webhook route is public: a forgery that could not be PayPal's
 * is refused here, for nothing. PayPal's deliveries always carry the five signature headers; the
 * certificate lives on PayPal's API hosts (or the configured API's, which is how the emulator
 * signs); each delivery is stamped with its own transmission time; event ids start with `WH-`.
 */
export const PAYPAL_CERT_HOSTS = ['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'];
/** How far a transmission time may be from now (clock skew, queueing at PayPal). */
export const WEBHOOK_FRESH_MS = 30 * 60_000;

const TRANSMISSION_ID = /^[A-Za-z0-9-]{8,64}$/;
const BASE64 = /^[A-Za-z0-9+/]{16,2048}={0,2}$/;
const ALGORITHM = /^SHA(256|384|512)withRSA$/;
const EVENT_ID = /^WH-[A-Za-z0-9-]{1,100}$/;
const EVENT_TYPE = /^[A-Z0-9_.]{1,100}$/;

const certAllowed = (certUrl: string, apiBase: string): boolean => {
  let cert: URL;
  let api: URL;
  try {
    cert = new URL(certUrl);
    api = new URL(apiBase);
  } catch {
    return false;
  }
  if (cert.username !== '' || cert.password !== '') return false;
  // The configured API's own host, on its own scheme (the emulator is plain http on loopback).
  if (cert.host === api.host && cert.protocol === api.protocol) return true;
  return cert.protocol === 'https:' && cert.port === '' && PAYPAL_CERT_HOSTS.includes(cert.hostname);
};

/** True when the headers and body could be PayPal's (then, and only then, PayPal is asked). */
export const couldBePayPals = (headers: Record<string, string | undefined>, rawBody: string, options: { apiBase: string; now: number }): boolean => {
  const h = (name: string) => headers[name] ?? '';
  if (!TRANSMISSION_ID.test(h('paypal-transmission-id'))) return false;
  if (!BASE64.test(h('paypal-transmission-sig'))) return false;
  if (!ALGORITHM.test(h('paypal-auth-algo'))) return false;
  if (!certAllowed(h('paypal-cert-url'), options.apiBase)) return false;
  const sent = Date.parse(h('paypal-transmission-time'));
  if (!Number.isFinite(sent) || Math.abs(options.now - sent) > WEBHOOK_FRESH_MS) return false;
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return false;
  }
  const { id, event_type: type } = (typeof event === 'object' && event !== null ? event : {}) as { id?: unknown; event_type?: unknown };
  return typeof id === 'string' && EVENT_ID.test(id) && typeof type === 'string' && EVENT_TYPE.test(type);
};

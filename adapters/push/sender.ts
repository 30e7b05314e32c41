/**
 * Sends Web Push messages with the `web-push` library (RFC 8030 delivery, RFC 8291 payload
 * encryption, RFC 8292 VAPID signatures) to the devices users subscribed, and keeps the VAPID key
 * pair: from the environment, else generated once into `<dataDir>/vapid-keys.json` (mode 0600;
 * O_EXCL, so two processes starting together agree on one pair).
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { PushDevice, PushMessage } from '@core/push';
import { pushEndpointAllowed, type PushEnv } from './config';

export const VAPID_KEYS_FILE = 'vapid-keys.json';
const DEFAULT_SUBJECT = 'mailto:admin@localhost';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** For the start-up log (never the private key). */
  description: string;
}

const readKeyFile = (path: string): { publicKey: string; privateKey: string } => {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error(`${path} does not hold a VAPID key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
};

export const vapidKeysFrom = (env: PushEnv, dataDir: string): VapidKeys => {
  const subject = env.RIPOSTE_VAPID_SUBJECT ?? DEFAULT_SUBJECT;
  if (env.RIPOSTE_VAPID_PUBLIC_KEY !== undefined && env.RIPOSTE_VAPID_PRIVATE_KEY !== undefined)
    return { publicKey: env.RIPOSTE_VAPID_PUBLIC_KEY, privateKey: env.RIPOSTE_VAPID_PRIVATE_KEY, subject, description: 'VAPID keys from RIPOSTE_VAPID_PUBLIC_KEY/PRIVATE_KEY' };
  const path = join(dataDir, VAPID_KEYS_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let created = false;
  try {
    writeFileSync(path, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600, flag: 'wx' });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return { ...readKeyFile(path), subject, description: `VAPID keys ${created ? 'generated into' : 'from'} ${path}` };
};

/** What the push service answered: delivered, the subscription is gone (forget the device), or it failed. */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'failed'; status: number | null; message: string };

export interface PushSender {
  readonly publicKey: string;
  /** True when an endpoint names an allowed push service (checked when a device subscribes). */
  allows(endpoint: string): boolean;
  send(device: PushDevice, message: PushMessage): Promise<PushOutcome>;
}

export const createPushSender = (keys: VapidKeys, options: { extraHosts?: readonly string[]; timeoutMs?: number } = {}): PushSender => {
  const extraHosts = options.extraHosts ?? [];
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    publicKey: keys.publicKey,
    allows: (endpoint) => pushEndpointAllowed(endpoint, extraHosts),
    async send(device, message) {
      // Checked again at send time: the allow-list may have shrunk since the device subscribed.
      if (!pushEndpointAllowed(device.endpoint, extraHosts)) return { kind: 'failed', status: null, message: 'the push service is not allowed' };
      // web-push builds the request (encryption, VAPID signature, headers); it is sent with fetch,
      // which also speaks plain http to a push service the operator allowed on loopback.
      const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
        vapidDetails,
        TTL: 3_600,
        urgency: 'high',
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      });
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          // fetch frames the body itself.
          headers: Object.fromEntries(Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)])),
          body: details.body === null ? null : new Uint8Array(details.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 300) return { kind: 'sent' };
        if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
        return { kind: 'failed', status: res.status, message: `the push service answered ${res.status}` };
      } catch (error) {
        return { kind: 'failed', status: null, message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
};

/** The installation's push sender, from the environment and the data directory (server and scheduler alike). */
export const openPushSender = (env: PushEnv, dataDir: string): { sender: PushSender; description: string } => {
  const keys = vapidKeysFrom(env, dataDir);
  return { sender: createPushSender(keys, { extraHosts: env.RIPOSTE_PUSH_HOSTS ?? [] }), description: keys.description };
};

/**
 * Web Push settings. The VAPID key pair signs every push so the browser's push service knows the
 * messages come from this installation; without the variables a pair is generated once into the
 * data directory (like the token key). Push services are an allow-list: a subscription's endpoint
 * is a URL the server will POST to, so it may only name a browser vendor's push service (or hosts
 * the operator adds, e.g. a test push service on loopback).
 */
import { z } from 'zod';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const base64url = /^[A-Za-z0-9_-]+$/;

export const pushEnvSchema = z.object({
  RIPOSTE_VAPID_PUBLIC_KEY: z.preprocess(blank, z.string().regex(base64url, { message: 'is the base64url public key (web-push generate-vapid-keys)' }).optional()),
  RIPOSTE_VAPID_PRIVATE_KEY: z.preprocess(blank, z.string().regex(base64url, { message: 'is the base64url private key (web-push generate-vapid-keys)' }).optional()),
  /** Who push services contact about this sender: a mailto: or https: URL. */
  RIPOSTE_VAPID_SUBJECT: z.preprocess(
    blank,
    z
      .string()
      .refine((v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || /^https:\/\/\S+$/.test(v), { message: 'is a mailto: address or an https: URL' })
      .optional(),
  ),
  /** More push services to allow, as host or host:port, comma-separated (http is allowed only for these). */
  RIPOSTE_PUSH_HOSTS: z.preprocess(
    blank,
    z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== ''))
      .optional(),
  ),
});
export type PushEnv = z.output<typeof pushEnvSchema>;

/** The push services of the browsers in use (Chrome/Edge/Opera, Firefox, Safari, Windows). */
export const BROWSER_PUSH_SERVICES: readonly string[] = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** True when the endpoint names an allowed push service: https on a known service, or an added host. */
export const pushEndpointAllowed = (endpoint: string, extraHosts: readonly string[]): boolean => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  if (extraHosts.includes(url.host.toLowerCase()) || extraHosts.includes(host)) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  return BROWSER_PUSH_SERVICES.some((service) => host === service || host.endsWith(`.${service}`));
};

/** Both VAPID keys or neither: half a pair cannot sign. */
export const refuseHalfVapidPair = (env: PushEnv, ctx: z.RefinementCtx): void => {
  if ((env.RIPOSTE_VAPID_PUBLIC_KEY === undefined) !== (env.RIPOSTE_VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.RIPOSTE_VAPID_PUBLIC_KEY === undefined ? 'RIPOSTE_VAPID_PUBLIC_KEY' : 'RIPOSTE_VAPID_PRIVATE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'set both RIPOSTE_VAPID_PUBLIC_KEY and RIPOSTE_VAPID_PRIVATE_KEY, or neither (a pair is generated into the data directory)' });
  }
};

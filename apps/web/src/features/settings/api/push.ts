// Settings → Notifications on this device: the Push API in the browser (a service worker's
// PushManager subscription, made with the server's VAPID key) and /api/push on the server. The id
// the server gives this browser's device is kept in localStorage, so the page knows which row of
// the list is "this device".
import useSWR, { mutate } from 'swr';
import type { PushDeviceView } from '@core/push';
import { apiRequest } from '@web/lib/api';

export const PUSH_DEVICES_KEY = '/api/push/devices';
const THIS_DEVICE = 'riposte.push.device';

export const usePushDevices = () => useSWR<PushDeviceView[], Error>(PUSH_DEVICES_KEY);

export type PushSupport = 'supported' | 'unsupported' | 'denied' | 'insecure';

/** Whether this browser can get notifications from this page at all, and why not. */
export const pushSupport = (): PushSupport => {
  if (typeof window === 'undefined' || !window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'supported';
};

export const thisDeviceId = (): string | null => {
  try {
    return localStorage.getItem(THIS_DEVICE);
  } catch {
    return null;
  }
};

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

const deviceLabel = (): string => {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return os === '' ? browser : `${browser} on ${os}`;
};

/** Asks for permission, subscribes this browser and registers it with the server. */
export async function enablePushOnThisDevice(): Promise<PushDeviceView> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site; allow them in the browser’s site settings.');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/key');
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const device = await apiRequest<PushDeviceView>('POST', PUSH_DEVICES_KEY, { subscription: subscription.toJSON(), label: deviceLabel() });
  try {
    localStorage.setItem(THIS_DEVICE, device.id);
  } catch {
    // Private mode: the list just cannot mark this device.
  }
  await mutate(PUSH_DEVICES_KEY);
  return device;
}

/** Stops notifying a device; for this browser it also drops the browser's own subscription. */
export async function disablePushDevice(id: string): Promise<void> {
  await apiRequest('DELETE', `${PUSH_DEVICES_KEY}/${encodeURIComponent(id)}`);
  if (id === thisDeviceId()) {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
    try {
      localStorage.removeItem(THIS_DEVICE);
    } catch {
      // nothing kept
    }
  }
  await mutate(PUSH_DEVICES_KEY);
}

export const sendTestPush = () => apiRequest<{ sent: number; failed: number }>('POST', '/api/push/test');

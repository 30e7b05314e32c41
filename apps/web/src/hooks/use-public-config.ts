// GET /api/config: the server's public settings for the web app, fetched once and shared through
// swr's cache by every page that reads it (not refetched when the window regains focus).
import useSWR from 'swr';

export const PUBLIC_CONFIG_KEY = '/api/config';

/** Every field is optional: an older server, or one that leaves a setting out, must not break a page. */
export type PublicConfig = {
  /** The bundled X emulator stands in for X. */
  sandboxX?: boolean;
  /** The AI writer is not configured: AI previews and replies are unavailable. */
  aiOffline?: boolean;
  /** With a provider set: what an AI reply does when it fails ('wait', or 'offline': the offline writer writes it). */
  aiFallback?: 'wait' | 'offline';
  /** Admins may switch e-mail to test mode on this host. */
  emailTestMode?: boolean;
  /** Mail is kept in the local sink (no SMTP): admins read it on /admin/mailbox. */
  mailSandbox?: boolean;
  /** Which replies go out by themselves (core/replies/rules/delivery.ts deliveryPromise). */
  delivery?: { setting: string; access: string; reach: 'all' | 'some' | 'none'; sentence: string };
  supportEmail?: string;
  version?: string;
};

/** `enabled: false` skips the request (the answer stays undefined). */
export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useSWR<PublicConfig, Error>(enabled ? PUBLIC_CONFIG_KEY : null, { revalidateOnFocus: false });
}

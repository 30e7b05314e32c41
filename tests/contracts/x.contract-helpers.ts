/**
 * Shared pieces of the X contract suite (x.contract.ts): the subject each run provides, a consent
 * page driver that does over HTTP what a person does in the browser on the emulator, and a real
 * 1x1 PNG for media uploads.
 */
import type { XAppClient, XAuthorizedUser } from '@core/x';
import type { XEmulatorControl } from '@adapters/x-emulator';

export interface XContractOptions {
  /** Emulator runs may drive X's side (control) and the consent page; real X runs may not. */
  emulated: boolean;
  /** Real X: only when RIPOSTE_X_TEST_ALLOW_POSTS=true, because the posts are public. */
  allowPosts: boolean;
}

export interface XContractSubject {
  client: XAppClient;
  /** A signed-in user for the user-level operations (a fresh one per call on the emulator). */
  user: () => Promise<XAuthorizedUser>;
  /** A public account with recent original posts. */
  knownAccount: string;
  /** Emulator only: consent as a person would, in 'oob' (PIN) or callback mode. */
  consent?: (authorizeUrl: string, username: string) => Promise<{ verifier: string; redirectedTo?: string }>;
  control?: XEmulatorControl;
  /** Emulator only: the same adapter with a wrong consumer secret, pointed at a closed port, with a short timeout. */
  variants?: { wrongSecret: XAppClient; unreachable: XAppClient; shortTimeout: XAppClient; timeoutMs: number };
  teardown(): Promise<void>;
}

/**
 * Opens the consent page, picks or types the username and presses 'Authorize app'; returns the
 * PIN shown (oob) or the oauth_verifier of the redirect (callback).
 */
export const consentOverHttp = async (authorizeUrl: string, username: string): Promise<{ verifier: string; redirectedTo?: string }> => {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="oauth_token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error(`No consent form at ${authorizeUrl} (HTTP ${page.status})`);
  const answer = await fetch(new URL(action, authorizeUrl), {
    method: 'POST',
    body: new URLSearchParams({ oauth_token: token, username, decision: 'allow' }),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (location) {
    const verifier = new URL(location).searchParams.get('oauth_verifier');
    if (!verifier) throw new Error(`Redirect without oauth_verifier: ${location}`);
    return { verifier, redirectedTo: location };
  }
  const pin = /<code>(\d{7})<\/code>/.exec(await answer.text())?.[1];
  if (!pin) throw new Error('The consent page showed no PIN');
  return { verifier: pin };
};

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4830000000049454e44ae426082',
  'hex',
);

let counter = 0;
/** A text no account has posted before (X refuses duplicates). */
export const uniqueText = (prefix: string) => `${prefix} #${Date.now().toString(36)}${(counter += 1)}`;

/**
 * Driving the bundled X emulator's consent page as a person would: the API, security and fuzz
 * suites all connect X accounts through it.
 */

/** Submits the emulator's consent form: a PIN (oob) or the callback URL X redirects to. */
export const consent = async (authUrl: string, username: string, decision: 'allow' | 'deny' = 'allow'): Promise<{ pin: string | null; location: string | null }> => {
  const url = new URL(authUrl);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ oauth_token: url.searchParams.get('oauth_token') ?? '', username, decision }).toString(),
    redirect: 'manual',
  });
  const html = await res.text();
  return { pin: /<code>(\d+)<\/code>/.exec(html)?.[1] ?? null, location: res.headers.get('location') };
};

// Session verification after X sign-in (spec part 1 §4): up to 5 attempts, waiting attempt x 300 ms
// before each retry.
import { refetchAuthStatus } from '@web/lib/auth';
import type { User } from '@web/lib/user-model';

export const VERIFY_ATTEMPTS = 5;
export const VERIFY_STEP_MS = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function verifySession(signal?: AbortSignal): Promise<User | null> {
  for (let attempt = 1; attempt <= VERIFY_ATTEMPTS; attempt++) {
    if (signal?.aborted) return null;
    try {
      const status = await refetchAuthStatus();
      if (status?.isAuthenticated && status.user) return status.user;
    } catch {
      // A failed check counts as an attempt; the loop decides when to give up.
    }
    if (attempt < VERIFY_ATTEMPTS) await sleep(attempt * VERIFY_STEP_MS);
  }
  return null;
}

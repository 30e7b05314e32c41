import { describe, expect, it } from 'vitest';
import { AppError } from '@core/shared/errors';
import { retryWhileUnavailable } from './start-retry';

const quiet = { warn: () => undefined };

describe('start-up retries', () => {
  it('an unavailable store is tried again with a doubling pause (capped) until it answers', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryWhileUnavailable(
      async () => {
        calls += 1;
        if (calls < 5) throw new AppError('unavailable', 'Server Is Not Ready');
        return 'started';
      },
      { what: 'catch-up', logger: quiet, initialMs: 100, maxMs: 300, wait: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('started');
    expect(waits).toEqual([100, 200, 300, 300]);
  });

  it('any other failure stops the start at once', async () => {
    const broken = new AppError('internal', 'Refusing to use read.db');
    let calls = 0;
    await expect(retryWhileUnavailable(async () => (calls++, Promise.reject(broken)), { what: 'x', logger: quiet, wait: async () => undefined })).rejects.toBe(broken);
    expect(calls).toBe(1);
  });
});

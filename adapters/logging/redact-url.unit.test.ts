import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './index';

describe('redactUrl', () => {
  it('replaces a random secret (base64url or hex, 16 to 48 bytes) wherever it is put in a URL', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 48 }), fc.constantFrom<BufferEncoding>('base64url', 'hex'), fc.constantFrom('?k=', '?', '/api/x/', '?a=1&b=', '/p?next=https%3A%2F%2Fe.com%2F%3Ft%3D'), (bytes, encoding, where) => {
        const secret = randomBytes(bytes).toString(encoding);
        expect(redactUrl(`/api/thing${where}${secret}`)).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps ids, route names, times and small values readable', () => {
    const url = '/api/schedules/98190dd4-7cd1-4821-b79e-3ced859e2744/history?from=2026-11-01T09:00:00Z&limit=100&type=ScheduleCreated';
    expect(redactUrl(url)).toBe('/api/schedules/98190dd4-7cd1-4821-b79e-3ced859e2744/history?from=2026-11-01T09%3A00%3A00Z&limit=100&type=ScheduleCreated');
    expect(redactUrl('/api/admin/notification-devices-and-settings')).toBe('/api/admin/notification-devices-and-settings');
  });
});

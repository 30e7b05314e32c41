import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errSerializer, redactTokens, redactUrl } from './index';

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

describe('redactTokens in error texts', () => {
  it('replaces a token in a message and keeps the stack readable: function names, paths, stream names with ids', () => {
    const secret = randomBytes(32).toString('base64url');
    const error = new Error(`Unrecognized key: "rpt_${secret}"`, { cause: new Error(`400 Rejected Bearer ${secret}`) });
    error.stack = `Error: x\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n    at RequestHandlerHelper.onResponseEndHandler (/srv/node_modules/twitter-api-v2/dist/cjs/client-mixins/request-handler.helper.js:269:25)`;
    const shown = JSON.stringify(errSerializer(error));
    expect(shown).not.toContain(secret);
    expect(shown).toContain('processTicksAndRejections');
    expect(shown).toContain('RequestHandlerHelper.onResponseEndHandler');
    expect(shown).toContain('request-handler.helper.js');
    expect(redactTokens("No event at position 12 in stream 'user-98190dd4-7cd1-4821-b79e-3ced859e2744'")).toContain('user-98190dd4-7cd1-4821-b79e-3ced859e2744');
  });

  it('keeps the names of environment variables a message asks the operator to fix, and still replaces capitals-and-digits secrets', () => {
    const message = 'S3 refused the request: SignatureDoesNotMatch — check RIPOSTE_S3_SECRET_ACCESS_KEY (and RIPOSTE_S3_REGION, RIPOSTE_X_TEST_ACCESS_TOKEN)';
    expect(redactTokens(message)).toBe(message);
    const secret = randomBytes(20).toString('hex').toUpperCase();
    expect(redactTokens(`key ${secret}`)).not.toContain(secret);
    expect(redactTokens(`key AKIA${secret}`)).not.toContain(secret);
  });
});

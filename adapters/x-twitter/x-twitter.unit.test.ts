import { describe, expect, it } from 'vitest';
import { ApiPartialResponseError, ApiRequestError, ApiResponseError } from 'twitter-api-v2';
import { browserUrl, isSandbox, toXAnswer, xEnvSchema } from '@adapters/x-twitter';
import { toUser } from '@adapters/x-twitter/mapping';

describe('X environment', () => {
  it('is sandbox mode with neither key nor secret, and takes defaults', () => {
    const env = xEnvSchema.parse({ RIPOSTE_X_API_KEY: '', RIPOSTE_X_API_SECRET: ' ' });
    expect(isSandbox(env)).toBe(true);
    expect(env).toMatchObject({ RIPOSTE_X_ACCESS: 'self_serve', RIPOSTE_X_TIMEOUT_MS: 15_000 });
  });

  it('needs the key and the secret together, and names what is missing or malformed', () => {
    const onlyKey = xEnvSchema.safeParse({ RIPOSTE_X_API_KEY: 'k' });
    expect(onlyKey.error?.issues[0]).toMatchObject({ path: ['RIPOSTE_X_API_SECRET'], message: expect.stringContaining('RIPOSTE_X_API_SECRET is missing') });
    expect(xEnvSchema.safeParse({ RIPOSTE_X_API_URL: 'ftp://x' }).error?.issues[0]?.message).toMatch(/RIPOSTE_X_API_URL/);
    expect(xEnvSchema.safeParse({ RIPOSTE_X_ACCESS: 'pro' }).error?.issues[0]?.message).toMatch(/RIPOSTE_X_ACCESS must be/);
    expect(xEnvSchema.safeParse({ RIPOSTE_X_TIMEOUT_MS: '10' }).error?.issues[0]?.message).toMatch(/at least 1000/);
    const full = xEnvSchema.parse({ RIPOSTE_X_API_KEY: 'k', RIPOSTE_X_API_SECRET: 's', RIPOSTE_X_ACCESS: 'enterprise' });
    expect(isSandbox(full)).toBe(false);
  });
});

describe('adapter plumbing', () => {
  it("reads the user's X subscription, else a blue check as Premium, else nothing", () => {
    const base = { id: '1', name: 'A', username: 'a' };
    expect(toUser({ ...base, subscription_type: 'PremiumPlus', verified_type: 'blue' }).subscriptionType).toBe('PremiumPlus');
    expect(toUser({ ...base, subscription_type: 'None', verified_type: 'none' }).subscriptionType).toBe('None');
    expect(toUser({ ...base, verified_type: 'blue' }).subscriptionType).toBe('Premium');
    expect(toUser({ ...base, verified_type: 'business' })).not.toHaveProperty('subscriptionType');
  });

  it('moves the authorize page of X to the configured base for browsers', () => {
    expect(browserUrl('https://api.x.com/oauth/authorize?oauth_token=t', 'http://127.0.0.1:4100/')).toBe('http://127.0.0.1:4100/oauth/authorize?oauth_token=t');
    expect(browserUrl('https://api.x.com/oauth/authorize?oauth_token=t', undefined)).toBe('https://api.x.com/oauth/authorize?oauth_token=t');
  });

  it('turns the library errors into answers: HTTP answers, refused connections, resets, timeouts, cut answers', () => {
    const response = new ApiResponseError('Request failed with code 403', {
      code: 403,
      data: { detail: 'x', title: 'Forbidden', type: 'about:blank', status: 403 } as never,
      headers: { 'x-rate-limit-reset': '1' },
      request: {} as never,
      response: {} as never,
    });
    expect(toXAnswer(response)).toMatchObject({ kind: 'response', status: 403, headers: { 'x-rate-limit-reset': '1' } });
    const failure = (error: Error) => toXAnswer(new ApiRequestError('Request failed.', { request: {} as never, error } as never));
    expect(failure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toMatchObject({ failure: 'not_connected' });
    expect(failure(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toMatchObject({ failure: 'reset' });
    expect(failure(new Error('Request timeout.'))).toMatchObject({ failure: 'timeout' });
    expect(failure(new Error('something odd'))).toMatchObject({ failure: 'other' });
    const partial = new ApiPartialResponseError('cut', { request: {} as never, response: { statusCode: 201 } as never, responseError: new Error('x'), rawContent: '{"da' });
    expect(toXAnswer(partial)).toMatchObject({ kind: 'transport', failure: 'partial', status: 201 });
    expect(toXAnswer('weird')).toMatchObject({ kind: 'transport', failure: 'other' });
  });
});

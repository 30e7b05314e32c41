import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  classifyXAnswer,
  isAppRefusal,
  isAuthFailure,
  isCallbackRefused,
  isDefinite,
  NOT_SUMMONED_MESSAGE,
  showsAuthFailedBadge,
  X_OUTCOME_KINDS,
  X_REPLY_STATUSES,
  type XAnswer,
  type XOperation,
  type XOutcomeKind,
} from '@core/x';

const response = (status: number, body: unknown, headers: Record<string, string> = {}): XAnswer => ({ kind: 'response', status, body, headers });
const v2 = (status: number, title: string, detail: string, type = 'about:blank') => ({ title, detail, type, status });
const v1 = (code: number, message: string) => ({ errors: [{ code, message }] });
const P = 'https://api.twitter.com/2/problems/';

// Bodies as X sends them (API v2 problems, v1.1 codes, OAuth endpoint texts).
const POST_TABLE: [string, XAnswer, XOutcomeKind][] = [
  ['201 with the new post', response(201, { data: { id: '1790000000000000001', text: 'hi', edit_history_tweet_ids: ['1790000000000000001'] } }), 'sent'],
  ['201 without an id', response(201, { data: {} }), 'unknown'],
  ['401 v2 Unauthorized', response(401, v2(401, 'Unauthorized', 'Unauthorized')), 'auth_failed'],
  ['401 v1.1 32 Could not authenticate you', response(401, v1(32, 'Could not authenticate you.')), 'auth_failed'],
  ['401 v1.1 89 Invalid or expired token', response(401, v1(89, 'Invalid or expired token.')), 'auth_failed'],
  ['400 v1.1 215 Bad Authentication data', response(400, v1(215, 'Bad Authentication data.')), 'auth_failed'],
  ['400 text naming an expired token', response(400, 'This token has expired'), 'auth_failed'],
  [
    '403 not summoned (2026 rule)',
    response(403, v2(403, 'Forbidden', 'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.')),
    'not_summoned',
  ],
  ['403 v1.1 433 author restricted replies', response(403, v1(433, 'The original Tweet author restricted who can reply to this Tweet.')), 'not_summoned'],
  ['403 v2 duplicate content', response(403, v2(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.')), 'duplicate'],
  ['403 v1.1 187 duplicate', response(403, v1(187, 'Status is a duplicate.')), 'duplicate'],
  ['403 v1.1 186 too long', response(403, v1(186, 'Tweet needs to be a bit shorter.')), 'invalid_content'],
  [
    '400 v2 invalid request, text too long',
    response(400, { errors: [{ message: 'Tweet text is too long.', parameters: { text: ['x'] } }], title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: `${P}invalid-request` }),
    'invalid_content',
  ],
  ['400 v1.1 324 bad media', response(400, v1(324, 'Invalid media id 123')), 'invalid_content'],
  ['413 payload too large', response(413, 'Request Entity Too Large'), 'invalid_content'],
  ['403 v1.1 64 suspended', response(403, v1(64, 'Your account is suspended and is not permitted to access this feature')), 'account_suspended'],
  ['403 v1.1 326 locked', response(403, v1(326, 'To protect our users from spam and other malicious activity, this account is temporarily locked.')), 'account_suspended'],
  ['403 v2 suspended text', response(403, v2(403, 'Forbidden', 'Your account is suspended and is not permitted to access this feature.')), 'account_suspended'],
  ['403 v2 reply to a deleted post', response(403, v2(403, 'Forbidden', 'You attempted to reply to a Tweet that is deleted or not visible to you.')), 'post_unavailable'],
  ['403 v1.1 385 deleted', response(403, v1(385, 'You attempted to reply to a tweet that is deleted or not visible to you.')), 'post_unavailable'],
  ['404 v1.1 144 no status', response(404, v1(144, 'No status found with that ID.')), 'post_unavailable'],
  ['404 v1.1 34 no page', response(404, v1(34, 'Sorry, that page does not exist.')), 'post_unavailable'],
  ['404 bare', response(404, ''), 'post_unavailable'],
  ['403 v1.1 226 automated', response(403, v1(226, 'This request looks like it might be automated.')), 'rejected'],
  ['403 v1.1 261 read-only app', response(403, v1(261, 'Application cannot perform write actions.')), 'insufficient_permissions'],
  [
    '403 v2 453 subset of endpoints',
    response(403, { title: 'Forbidden', detail: 'You currently have access to a subset of X API V2 endpoints', type: 'about:blank', status: 403, errors: [{ code: 453, message: 'You currently have access to a subset of X API V2 endpoints' }] }),
    'insufficient_permissions',
  ],
  ['403 v2 oauth1-permissions', response(403, v2(403, 'Forbidden', 'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.', `${P}oauth1-permissions`)), 'insufficient_permissions'],
  ['403 v2 client-forbidden', response(403, v2(403, 'Client Forbidden', 'This request must be made using an approved developer account.', `${P}client-forbidden`)), 'insufficient_permissions'],
  ['403 v2 not permitted', response(403, v2(403, 'Forbidden', 'You are not permitted to perform this action.')), 'insufficient_permissions'],
  ['429 v2 with reset', response(429, v2(429, 'Too Many Requests', 'Too Many Requests'), { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '1767225600' }), 'rate_limited'],
  ['429 v2 usage capped', response(429, v2(429, 'UsageCapExceeded', 'Usage cap exceeded: Monthly product cap', `${P}usage-capped`)), 'rate_limited'],
  ['403 v1.1 185 daily limit', response(403, v1(185, 'User is over daily status update limit.')), 'rate_limited'],
  ['500 after sending', response(500, v2(500, 'Internal Server Error', 'Internal Server Error')), 'unknown'],
  ['503 over capacity', response(503, v1(130, 'Over capacity')), 'unknown'],
  ['502 HTML page', response(502, '<html><body>Bad Gateway</body></html>'), 'unknown'],
  ['timeout', { kind: 'transport', failure: 'timeout', message: 'Request timeout.' }, 'unknown'],
  ['connection reset after sending', { kind: 'transport', failure: 'reset', message: 'socket hang up' }, 'unknown'],
  ['partial answer', { kind: 'transport', failure: 'partial', message: 'Response has been interrupted', status: 201 }, 'unknown'],
  ['connection refused', { kind: 'transport', failure: 'not_connected', message: 'connect ECONNREFUSED 127.0.0.1:9' }, 'transient'],
  ['409 conflict', response(409, v2(409, 'Conflict', 'Conflict')), 'failed'],
  ['302 redirect', response(302, ''), 'unknown'],
  // X's real answers of 2026, as public code quotes them.
  [
    '403 not summoned, the wording since 2026-02-23',
    response(403, v2(403, 'Forbidden', 'You can only reply to or quote posts where you are mentioned or are the author.')),
    'not_summoned',
  ],
  [
    '403 not summoned, 2026 wording typed not-authorized-for-resource',
    response(403, { title: 'Forbidden', type: `${P}not-authorized-for-resource`, detail: 'You can only reply to or quote posts where you are mentioned or are the author.' }),
    'not_summoned',
  ],
  [
    '402 CreditsDepleted (pay-per-use)',
    response(402, {
      account_id: 1243608864,
      title: 'CreditsDepleted',
      detail: 'Your enrolled account [1243608864] does not have any credits to fulfill this request.',
      type: `${P}credits`,
    }),
    'credits_depleted',
  ],
  ['402 CreditsDepleted, title only', response(402, { title: 'CreditsDepleted' }), 'credits_depleted'],
  [
    '403 client-not-enrolled',
    response(403, {
      client_id: '27000000',
      detail:
        'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project. You can create a project via the developer portal.',
      registration_url: 'https://developer.twitter.com/en/docs/projects/overview',
      title: 'Client Forbidden',
      required_enrollment: 'Appropriate Level of API Access',
      reason: 'client-not-enrolled',
      type: `${P}client-forbidden`,
    }),
    'client_not_enrolled',
  ],
];

describe('classifyXAnswer for a post (table)', () => {
  it.each(POST_TABLE)('%s', (_name, answer, kind) => {
    const outcome = classifyXAnswer(answer, 'post');
    expect(outcome.kind).toBe(kind);
    expect(outcome.message.trim()).not.toBe('');
  });

  it('a sent post carries its id', () => {
    const outcome = classifyXAnswer(response(201, { data: { id: '42', text: 'x' } }), 'post');
    expect(outcome).toMatchObject({ kind: 'sent', postId: '42', status: 'sent', next: 'done' });
  });

  it('not summoned has its own status and the exact message, and is no auth failure', () => {
    const outcome = classifyXAnswer(POST_TABLE.find(([n]) => n.startsWith('403 not summoned'))![1], 'post');
    expect(outcome).toMatchObject({ kind: 'not_summoned', status: 'not_summoned', next: 'never', message: NOT_SUMMONED_MESSAGE, httpStatus: 403 });
    expect(isAuthFailure(outcome)).toBe(false);
    expect(showsAuthFailedBadge('failed', outcome.message)).toBe(false);
  });

  it("X's refusals of the app itself wait for the installation's pause to lift, and are no auth failure", () => {
    for (const name of ['402 CreditsDepleted (pay-per-use)', '403 client-not-enrolled']) {
      for (const op of ['post', 'read'] as const) {
        const outcome = classifyXAnswer(POST_TABLE.find(([n]) => n === name)![1], op);
        expect(outcome).toMatchObject({ status: 'rate_limited', next: 'after_reset' });
        expect(isAppRefusal(outcome)).toBe(true);
        expect(isAuthFailure(outcome)).toBe(false);
      }
    }
  });

  it('reads the XML error of the OAuth endpoints (sign in with X refusing an unregistered callback)', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><errors><error code="415">Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings</error></errors>';
    const outcome = classifyXAnswer(response(403, xml), 'auth');
    expect(outcome.codes).toEqual([415]);
    expect(outcome.detail).toBe('Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings');
    expect(isCallbackRefused(outcome)).toBe(true);
    expect(classifyXAnswer(response(500, '<html><body>Oops</body></html>'), 'auth').detail).toBeUndefined();
  });

  it('rate limited carries the reset time of the exhausted limit that resets last', () => {
    const outcome = classifyXAnswer(
      response(429, v2(429, 'Too Many Requests', 'Too Many Requests'), {
        'x-rate-limit-remaining': '5',
        'x-rate-limit-reset': '1767225600',
        'x-user-limit-24hour-remaining': '0',
        'x-user-limit-24hour-reset': '1767300000',
      }),
      'post',
    );
    expect(outcome).toMatchObject({ kind: 'rate_limited', status: 'rate_limited', next: 'after_reset', resetAt: new Date(1767300000 * 1000).toISOString() });
    expect(outcome.message).toContain('2026-01-01');
  });

  it('rate limited without an exhausted limit falls back to the window reset, and to retry-after', () => {
    const withReset = classifyXAnswer(response(429, '', { 'x-rate-limit-reset': '1767225600' }), 'post');
    expect(withReset).toMatchObject({ kind: 'rate_limited', resetAt: '2026-01-01T00:00:00.000Z' });
    const withRetryAfter = classifyXAnswer(response(429, '', { 'retry-after': '30' }), 'post');
    expect(withRetryAfter).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 30 });
    expect(withRetryAfter).not.toHaveProperty('resetAt');
  });

  it('auth failures are stored as failed with a message that raises the Auth Failed badge', () => {
    for (const [, answer, kind] of POST_TABLE.filter(([, , k]) => k === 'auth_failed')) {
      const outcome = classifyXAnswer(answer, 'post');
      expect(kind).toBe('auth_failed');
      expect(outcome.status).toBe('failed');
      expect(isAuthFailure(outcome)).toBe(true);
      expect(showsAuthFailedBadge(outcome.status, outcome.message)).toBe(true);
    }
  });

  it('unknown outcomes are never definite and never retried blindly', () => {
    for (const [, answer, kind] of POST_TABLE.filter(([, , k]) => k === 'unknown')) {
      const outcome = classifyXAnswer(answer, 'post');
      expect(kind).toBe('unknown');
      expect(outcome).toMatchObject({ status: 'unconfirmed', next: 'reconcile' });
      expect(isDefinite(outcome)).toBe(false);
    }
  });

  it('keeps X codes, problem types and X own words apart from our message', () => {
    const outcome = classifyXAnswer(response(403, v1(187, 'Status is a duplicate.')), 'post');
    expect(outcome).toMatchObject({ codes: [187], detail: 'Status is a duplicate.', httpStatus: 403 });
    const v2Outcome = classifyXAnswer(response(403, v2(403, 'Forbidden', 'x', `${P}client-forbidden`)), 'post');
    expect(v2Outcome.problemTypes).toEqual([`${P}client-forbidden`]);
  });
});

describe('classifyXAnswer for reads, uploads and sign-in', () => {
  const cases: [string, XAnswer, XOperation, XOutcomeKind][] = [
    ['200 read', response(200, { data: { id: '1', name: 'A', username: 'a' } }), 'read', 'ok'],
    ['500 read is transient', response(500, ''), 'read', 'transient'],
    ['timeout read is transient', { kind: 'transport', failure: 'timeout', message: 'Request timeout.' }, 'read', 'transient'],
    ['timeout upload is transient (no post was attempted)', { kind: 'transport', failure: 'timeout', message: 'Request timeout.' }, 'upload', 'transient'],
    ['401 on access_token', response(401, 'Error processing your OAuth request: Invalid oauth_verifier parameter'), 'auth', 'auth_failed'],
    ['404 read', response(404, v2(404, 'Not Found Error', 'Could not find user with username: [nobody].', `${P}resource-not-found`)), 'read', 'post_unavailable'],
    ['429 read', response(429, ''), 'read', 'rate_limited'],
  ];
  it.each(cases)('%s', (_name, answer, operation, kind) => {
    expect(classifyXAnswer(answer, operation).kind).toBe(kind);
  });

  it('says an upload that never reached X posted nothing', () => {
    const outcome = classifyXAnswer({ kind: 'transport', failure: 'not_connected', message: 'ECONNREFUSED' }, 'upload');
    expect(outcome).toMatchObject({ kind: 'transient', status: 'failed', next: 'retry' });
    expect(outcome.message).toContain('nothing was posted');
  });
});

describe('the Auth Failed badge rule (spec part 1 §4)', () => {
  it.each([
    ['Authentication failure', true],
    ['Unauthorized', true],
    ['Request failed with code 401', true],
    ['auth error', true],
    ['OAuth problem', true],
    ['Invalid or expired token.', true],
    ['X authorization revoked', true],
    ['Your credentials do not allow access', true],
    ['the author has not mentioned or quoted this account', false],
    ['Authors and their posts', false],
    ['The post is deleted or not visible to this account', false],
    ['HTTP 4010 bytes', false],
  ] as const)('%s -> %s', (message, expected) => {
    expect(showsAuthFailedBadge('failed', message)).toBe(expected);
  });

  it('applies to failed replies only', () => {
    expect(showsAuthFailedBadge('insufficient_permissions', 'Your credentials do not allow access')).toBe(false);
    expect(showsAuthFailedBadge('failed', null)).toBe(false);
  });
});

// Arbitrary answers, shaped like X's or not at all.
const anyBody = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.record({ title: fc.string(), detail: fc.string(), type: fc.oneof(fc.constant('about:blank'), fc.webUrl(), fc.string()), status: fc.integer() }, { requiredKeys: [] }),
  fc.record({ errors: fc.array(fc.record({ code: fc.oneof(fc.integer({ min: 0, max: 600 }), fc.string()), message: fc.string() }, { requiredKeys: [] })) }),
  fc.record({ data: fc.oneof(fc.record({ id: fc.string() }), fc.anything()) }),
);
const anyAnswer: fc.Arbitrary<XAnswer> = fc.oneof(
  fc.record({
    kind: fc.constant('response' as const),
    status: fc.oneof(fc.integer({ min: 100, max: 599 }), fc.integer()),
    body: anyBody,
    headers: fc.dictionary(fc.constantFrom('x-rate-limit-reset', 'x-rate-limit-remaining', 'x-user-limit-24hour-reset', 'x-user-limit-24hour-remaining', 'retry-after'), fc.oneof(fc.string(), fc.integer().map(String))),
  }),
  fc.record({
    kind: fc.constant('transport' as const),
    failure: fc.constantFrom('not_connected', 'timeout', 'reset', 'partial', 'other' as const),
    message: fc.string(),
  }),
);
const anyOperation = fc.constantFrom<XOperation>('post', 'upload', 'read', 'auth');

describe('classifyXAnswer properties', () => {
  it('is total: every answer gets one known outcome with a status and a message', () => {
    fc.assert(
      fc.property(anyAnswer, anyOperation, (answer, operation) => {
        const outcome = classifyXAnswer(answer, operation);
        expect(X_OUTCOME_KINDS).toContain(outcome.kind);
        expect(X_REPLY_STATUSES).toContain(outcome.status);
        expect(outcome.message.trim()).not.toBe('');
      }),
      { numRuns: 2000 },
    );
  });

  it('a failed reply shows the Auth Failed badge exactly when it is an auth failure', () => {
    fc.assert(
      fc.property(anyAnswer, anyOperation, (answer, operation) => {
        const outcome = classifyXAnswer(answer, operation);
        if (outcome.status === 'failed') expect(showsAuthFailedBadge(outcome.status, outcome.message)).toBe(isAuthFailure(outcome));
      }),
      { numRuns: 2000 },
    );
  });

  it('only a post can end unknown, and a post never ends transient unless X was not reached', () => {
    fc.assert(
      fc.property(anyAnswer, anyOperation, (answer, operation) => {
        const outcome = classifyXAnswer(answer, operation);
        if (outcome.kind === 'unknown') expect(operation).toBe('post');
        if (operation === 'post' && outcome.kind === 'transient') expect(answer).toMatchObject({ kind: 'transport', failure: 'not_connected' });
        if (outcome.kind === 'sent') expect(outcome.postId).not.toBe('');
      }),
      { numRuns: 2000 },
    );
  });
});

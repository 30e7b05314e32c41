import { describe, expect, it } from 'vitest';
import { checkCreate, checkDirect, createPayload, directPayload, localInputValue, postIdOf, type CreateForm, type DirectForm } from './form-rules';

const create: CreateForm = { accountId: 'acc', connectedAccountId: '', isOnetime: true, isActive: true, useAi: false, viralStyle: 'savage_comeback', content: 'Nice one', startLocal: '2030-01-02T10:30' };
const direct: DirectForm = { accountId: 'acc', connectedAccountId: 'x1', postId: '1234567890', content: 'Well said', useAi: false, viralStyle: 'thought_leader' };

describe('scheduler test forms (spec part 2 §5 Admin test tools)', () => {
  it('asks for the monitored account of a test schedule, in the V1 and V2 words', () => {
    expect(checkCreate({ ...create, accountId: '' }, false)).toEqual({ field: 'accountId', title: 'Account required', description: 'Please select an account to monitor for this test schedule.' });
    expect(checkCreate({ ...create, accountId: '' }, true)?.description).toBe('Please select an account to monitor for this V2 test schedule.');
    expect(checkCreate(create, false)).toBeNull();
  });

  it('sends the test schedule payload: connected account only when chosen, style only with AI, the start as an instant', () => {
    const payload = createPayload(create);
    expect(payload).toEqual({ accountId: 'acc', isOnetime: true, isActive: true, useAi: false, viralStyle: null, content: 'Nice one', startDate: new Date('2030-01-02T10:30').toISOString() });
    expect(createPayload({ ...create, connectedAccountId: 'x1', useAi: true })).toMatchObject({ connectedAccountId: 'x1', viralStyle: 'savage_comeback' });
  });

  it('checks a direct reply field by field, in the order of the form', () => {
    expect(checkDirect({ ...direct, accountId: '' }, false)?.title).toBe('Target account required');
    expect(checkDirect({ ...direct, connectedAccountId: '' }, false)).toMatchObject({ title: 'Connected account required', description: 'Please select your account to post the reply from.' });
    expect(checkDirect({ ...direct, postId: 'abc' }, false)).toMatchObject({ title: 'Post ID required', description: 'Please enter a valid X/Twitter post ID to reply to.' });
    expect(checkDirect({ ...direct, content: ' ' }, false)).toMatchObject({ title: 'Reply content required', description: 'Please enter content for your reply or enable AI generation.' });
    expect(checkDirect({ ...direct, content: ' ', useAi: true }, false)).toBeNull();
  });

  it('lets the V2 direct reply go with empty content, sending the default text', () => {
    expect(checkDirect({ ...direct, content: '' }, true)).toBeNull();
    expect(directPayload({ ...direct, content: '' }, true).content).toMatch(/\S/);
    expect(directPayload(direct, false)).toEqual({ accountId: 'acc', connectedAccountId: 'x1', postId: '1234567890', content: 'Well said', useAi: false });
    expect(directPayload({ ...direct, useAi: true }, false).viralStyle).toBe('thought_leader');
  });

  it('takes a post id or a link to the post', () => {
    expect(postIdOf(' 1790000000000000001 ')).toBe('1790000000000000001');
    expect(postIdOf('https://x.com/someone/status/1790000000000000001?s=20')).toBe('1790000000000000001');
    expect(postIdOf('http://localhost:4100/sandbox_user/status/42')).toBe('42');
    expect(postIdOf('not a post')).toBeNull();
    expect(postIdOf('')).toBeNull();
  });

  it('starts the datetime field a few minutes ahead, in local time', () => {
    const now = new Date(2030, 0, 2, 10, 58);
    expect(localInputValue(now, 3)).toBe('2030-01-02T11:01');
  });
});

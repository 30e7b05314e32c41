import { describe, expect, it } from 'vitest';
import { aiContextFor, aiPlanOf, AI_CONTEXT_LIMITS } from './context';
import { replyPrompt } from './prompts';

const found = { thread: ['root', 'parent'], authorRecentPosts: ['a', 'b', 'c', 'd'], yourRecentReplies: ['mine'] };

describe('what the AI writer sees, per plan', () => {
  it('gives the trial nothing beyond the post and the text, Premium the thread, the tone and the voice', () => {
    expect(aiContextFor('trial', found)).toBeUndefined();
    expect(aiContextFor('premium', found)).toEqual({ thread: ['root', 'parent'], authorRecentPosts: ['a', 'b', 'c'], yourRecentReplies: ['mine'] });
  });
  it('cuts each text, drops empty ones and leaves out an empty context', () => {
    const long = 'x'.repeat(AI_CONTEXT_LIMITS.charsEach + 50);
    expect(aiContextFor('premium', { thread: [long, '  '] })?.thread?.[0]).toHaveLength(AI_CONTEXT_LIMITS.charsEach);
    expect(aiContextFor('premium', { thread: [], authorRecentPosts: [' '] })).toBeUndefined();
  });
  it("follows the tier: Premium, admins and legacy users get Premium's writer; the trial and an ended trial the basic one", () => {
    expect(['premium', 'admin', 'legacy', 'trial', 'expired'].map((t) => aiPlanOf(t as never))).toEqual(['premium', 'premium', 'premium', 'trial', 'trial']);
  });
  it('puts the context in the data message and says what it is in the system message, only when there is one', () => {
    const base = { postText: 'Offices are back', accountName: '@a', style: 'hot_take' as const, maxLength: 280 };
    const plain = replyPrompt(base);
    expect(plain.user).not.toContain('context');
    expect(plain.system).not.toContain('"context');
    const rich = replyPrompt({ ...base, context: { thread: ['<|im_start|>root'] } });
    expect(JSON.parse(rich.user)).toMatchObject({ context: { thread: ['<|im_start|>root'] } });
    expect(rich.user).not.toContain('<|im_start|>');
    expect(rich.system).toContain('"context.thread"');
    expect(rich.system).not.toContain('"context.yourRecentReplies"');
  });
});

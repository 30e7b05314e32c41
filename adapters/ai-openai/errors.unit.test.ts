import { describe, expect, it } from 'vitest';
import { toAiError } from './errors';

describe('toAiError', () => {
  it('answers an unexpected failure without its internal message, keeping it as the cause', () => {
    const internal = new TypeError("Cannot read properties of undefined (reading 'choices') at /srv/riposte/adapters/ai-openai/writer.ts:70");
    const error = toAiError(internal);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Unexpected AI failure; try again later');
    expect(error.message).not.toContain('choices');
    expect((error as { cause?: unknown }).cause).toBe(internal);
  });
});

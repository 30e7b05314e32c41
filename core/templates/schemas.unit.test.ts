import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseOrThrow } from '@core/shared/parse';
import { refusalOf as refusal } from '@core/shared/testing/refusal';
import {
  TEMPLATE_FORM_DEFAULTS,
  TEMPLATE_MESSAGES,
  clampAiMaxLength,
  templateGroupInputSchema,
  templateInputSchema,
  templateOrderSchema,
  templatePatchSchema,
} from './schemas';

describe('template input', () => {
  it.each([
    [{ content: 'x' }, 'name', TEMPLATE_MESSAGES.nameRequired],
    [{ name: '   ', content: 'x' }, 'name', 'Template name is required'],
    [{ name: 'n' }, 'content', 'Template content is required'],
    [{ name: 'n', content: '  ' }, 'content', 'Template content is required'],
    [{ name: 'n', content: 'a'.repeat(25_001) }, 'content', 'Content cannot exceed 25000 characters'],
    [{ name: 'n', content: 'x', viralStyle: 'witty_response' }, 'viralStyle', expect.stringContaining('savage_comeback')],
    [{ name: 'n', content: 'x', aiMaxLength: 'lots' }, 'aiMaxLength', 'AI max length must be a number'],
    [{ name: 'n', content: 'x', imageUrl: 'javascript:alert(1)' }, 'imageUrl', TEMPLATE_MESSAGES.imageUrlInvalid],
    [{ name: 'n', content: 'x', imageUrl: '//evil.example/x.png' }, 'imageUrl', TEMPLATE_MESSAGES.imageUrlInvalid],
  ])('%j is refused on %s', (value, field, message) => {
    const error = refusal(templateInputSchema, value);
    expect(error.code).toBe('validation');
    expect(error.field).toBe(field);
    expect(error.message).toEqual(message);
  });

  it('accepts 25,000 characters counted as a reader sees them (an emoji is one)', () => {
    expect(parseOrThrow(templateInputSchema, { name: 'n', content: '🔥'.repeat(25_000) }).content).toHaveLength(50_000);
  });

  it('trims the name, turns empty optional strings into null, clamps the AI length', () => {
    expect(
      parseOrThrow(templateInputSchema, { name: ' Hi ', content: 'x', imageUrl: '', aiTone: ' ', aiMaxLength: 10.4, viralStyle: 'dark_humor' }),
    ).toEqual({ name: 'Hi', content: 'x', imageUrl: null, aiTone: null, aiMaxLength: 50, viralStyle: 'dark_humor' });
    expect(parseOrThrow(templateInputSchema, { name: 'n', content: 'x', imageUrl: '/uploads/a.png' }).imageUrl).toBe('/uploads/a.png');
  });

  it('lets a patch carry any subset, with the same rules', () => {
    expect(parseOrThrow(templatePatchSchema, { isActive: false })).toEqual({ isActive: false });
    expect(refusal(templatePatchSchema, { content: '' }).message).toBe('Template content is required');
  });

  it('starts the form with the spec defaults', () => {
    expect(TEMPLATE_FORM_DEFAULTS).toMatchObject({ isActive: true, useAI: false, viralStyle: 'savage_comeback', aiMaxLength: 4000 });
  });

  it('clamps any number into 50-4000', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        const v = clampAiMaxLength(n);
        expect(Number.isInteger(v) && v >= 50 && v <= 4000).toBe(true);
      }),
    );
  });
});

describe('template group input', () => {
  it('requires a name of at most 100 characters', () => {
    expect(refusal(templateGroupInputSchema, { name: '' }).message).toBe('Group name is required');
    expect(refusal(templateGroupInputSchema, { name: 'x'.repeat(101) }).message).toBe('Group name cannot exceed 100 characters');
    expect(parseOrThrow(templateGroupInputSchema, { name: 'x'.repeat(100), description: '' })).toEqual({ name: 'x'.repeat(100), description: null });
  });

  it('refuses an order with repeats', () => {
    expect(refusal(templateOrderSchema, { templateIds: ['a', 'a'] }).field).toBe('templateIds');
  });
});

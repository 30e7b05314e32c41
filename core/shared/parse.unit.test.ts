import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusalOf as refusal } from './testing/refusal';
import { parseOrThrow } from './parse';

describe('parseOrThrow', () => {
  const schema = z.object({ name: z.string().min(1, 'Name is required'), ids: z.array(z.string().min(1, 'Id is required')) });

  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { name: 'n', ids: ['a'] })).toEqual({ name: 'n', ids: ['a'] });
  });

  it('refuses with the first message and the dotted path of its field, nested ones included', () => {
    expect(refusal(schema, { name: '', ids: [''] })).toMatchObject({ code: 'validation', message: 'Name is required', field: 'name' });
    expect(refusal(schema, { name: 'n', ids: ['a', ''] })).toMatchObject({ code: 'validation', message: 'Id is required', field: 'ids.1' });
  });

  it('has no field when the whole value is wrong', () => {
    expect(refusal(schema, 'not an object').field).toBeUndefined();
  });
});

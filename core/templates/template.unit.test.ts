import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { parseOrThrow } from '@core/shared/parse';
import { TEMPLATE_MESSAGES, templateInputSchema } from './schemas';
import { templateDecider, type TemplateEvent, type TemplateSaved } from './template';

const spec = deciderSpec(templateDecider);
const id = 't1';
const owner = 'u1';
const stranger = 'u2';

const saved = (overrides: Partial<TemplateSaved> = {}): TemplateSaved => ({
  templateId: id,
  userId: owner,
  name: 'Greeting',
  content: 'Great post!',
  imageUrl: null,
  isActive: true,
  useAI: false,
  aiTone: null,
  aiMaxLength: 280,
  viralStyle: 'savage_comeback',
  mentionsRemoved: [],
  ...overrides,
});
const created = (o: Partial<TemplateSaved> = {}): TemplateEvent => ({ type: 'TemplateCreated', data: saved(o) });
const deleted: TemplateEvent = { type: 'TemplateDeleted', data: { templateId: id, userId: owner } };

const create = (input: Record<string, unknown>, userId = owner) => ({
  type: 'CreateTemplate' as const,
  templateId: id,
  userId,
  input: parseOrThrow(templateInputSchema, input),
});

describe('CreateTemplate', () => {
  it('emits TemplateCreated with the stored defaults (active, AI off, savage_comeback, 280)', () => {
    spec.given().when(create({ name: 'Greeting', content: 'Great post!' })).then([created()]);
  });

  it('strips mentions from the content and says which', () => {
    spec
      .given()
      .when(create({ name: 'Greeting', content: 'Great post @elon, thanks @ann!' }))
      .then([created({ content: 'Great post, thanks!', mentionsRemoved: ['@elon', '@ann'] })]);
  });

  it('keeps given fields and clamps the AI length into 50-4000', () => {
    spec
      .given()
      .when(create({ name: 'AI', content: 'x', useAI: true, aiMaxLength: 9000, viralStyle: 'hot_take', aiTone: 'dry', isActive: false }))
      .then([created({ name: 'AI', content: 'x', useAI: true, aiMaxLength: 4000, viralStyle: 'hot_take', aiTone: 'dry', isActive: false })]);
    spec.given().when(create({ name: 'AI', content: 'x', aiMaxLength: 3 })).then([created({ name: 'AI', content: 'x', aiMaxLength: 50 })]);
  });

  it('refuses content that was nothing but mentions', () => {
    const error = spec.given().when(create({ name: 'n', content: '@ann @bob' })).thenRefuses('validation', TEMPLATE_MESSAGES.contentRequired);
    expect(error.field).toBe('content');
  });

  it('refuses an id that is already taken by a different template', () => {
    spec.given(created()).when(create({ name: 'Other', content: 'Other' })).thenRefuses('conflict');
    spec.given(created()).when(create({ name: 'Greeting', content: 'Great post!' }, stranger)).thenRefuses('conflict');
  });

  it('stays quiet when the same create is sent again', () => {
    spec.given(created()).when(create({ name: 'Greeting', content: 'Great post!' })).thenNothing();
  });
});

describe('UpdateTemplate', () => {
  const update = (changes: Record<string, unknown>, userId = owner) => ({ type: 'UpdateTemplate' as const, templateId: id, userId, changes });

  it('emits TemplateUpdated with the merged fields, mentions stripped', () => {
    spec
      .given(created())
      .when(update({ content: 'New text @bob', isActive: false }))
      .then([{ type: 'TemplateUpdated', data: saved({ content: 'New text', isActive: false, mentionsRemoved: ['@bob'] }) }]);
  });

  it('refuses another user, a missing and a deleted template as not_found', () => {
    spec.given(created()).when(update({ name: 'Mine now' }, stranger)).thenRefuses('not_found', 'Template not found');
    spec.given().when(update({ name: 'x' })).thenRefuses('not_found');
    spec.given(created(), deleted).when(update({ name: 'x' })).thenRefuses('not_found');
  });

  it('stays quiet when nothing changes (even if the new text only added mentions)', () => {
    spec.given(created()).when(update({ name: 'Greeting', content: 'Great post! @ann' })).thenNothing();
    spec.given(created()).when(update({})).thenNothing();
  });
});

describe('DeleteTemplate', () => {
  const remove = (userId = owner) => ({ type: 'DeleteTemplate' as const, templateId: id, userId });

  it('emits TemplateDeleted', () => {
    const state = spec.given(created()).when(remove()).then([deleted]);
    expect(state).toEqual({ status: 'deleted', templateId: id, ownerId: owner });
  });

  it("refuses another user's or a missing template as not_found", () => {
    spec.given(created()).when(remove(stranger)).thenRefuses('not_found');
    spec.given().when(remove()).thenRefuses('not_found');
    spec.given(created(), deleted).when(remove(stranger)).thenRefuses('not_found');
  });

  it('stays quiet when the owner deletes it again', () => {
    spec.given(created(), deleted).when(remove()).thenNothing();
  });
});

describe('evolve', () => {
  it('ignores an event type it does not know (written by a newer version)', () => {
    const state = templateDecider.evolve({ status: 'none' }, { type: 'TemplateRenamedInFuture', data: {} } as unknown as TemplateEvent);
    expect(state).toEqual({ status: 'none' });
  });
});

/**
 * A template: one stream per template (`template-{id}`). Content is saved without @mentions; the
 * event names what was removed so the API can answer with it and the page can show its warning.
 * Every command carries the acting user; someone else's template answers not_found, never
 * "forbidden", so ids reveal nothing (docs/architecture.md).
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { DEFAULT_CLASSIC_STYLE, type ClassicStyle } from '@core/styles';
import { stripMentions } from '@core/text/mentions';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES, clampAiMaxLength, type TemplateInput, type TemplatePatch } from './schemas';

export const templateStream = (templateId: string): string => `template-${templateId}`;

export interface TemplateFields {
  name: string;
  content: string;
  imageUrl: string | null;
  isActive: boolean;
  useAI: boolean;
  aiTone: string | null;
  aiMaxLength: number;
  viralStyle: ClassicStyle;
}

export type TemplateCommand =
  | { type: 'CreateTemplate'; templateId: string; userId: string; input: TemplateInput }
  | { type: 'UpdateTemplate'; templateId: string; userId: string; changes: TemplatePatch }
  | { type: 'DeleteTemplate'; templateId: string; userId: string };

export type TemplateSaved = TemplateFields & {
  templateId: string;
  userId: string;
  /** Mentions stripped from the content on this save (empty when none). */
  mentionsRemoved: string[];
};

export type TemplateEvent =
  | { type: 'TemplateCreated'; data: TemplateSaved }
  | { type: 'TemplateUpdated'; data: TemplateSaved }
  | { type: 'TemplateDeleted'; data: { templateId: string; userId: string } };

export type TemplateState =
  | { status: 'none' }
  | { status: 'live'; templateId: string; ownerId: string; fields: TemplateFields }
  | { status: 'deleted'; templateId: string; ownerId: string };

export const TEMPLATE_EVENT_TYPES = ['TemplateCreated', 'TemplateUpdated', 'TemplateDeleted'] as const;

const notFound = () => new AppError('not_found', TEMPLATE_MESSAGES.notFound, { reason: 'TEMPLATE_NOT_FOUND' });

/** The stored fields for a new template: the spec's defaults for whatever was not given. */
export const templateFieldsFrom = (input: TemplateInput): TemplateFields => ({
  name: input.name,
  content: input.content,
  imageUrl: input.imageUrl ?? null,
  isActive: input.isActive ?? true,
  useAI: input.useAI ?? false,
  aiTone: input.aiTone ?? null,
  aiMaxLength: clampAiMaxLength(input.aiMaxLength ?? TEMPLATE_LIMITS.aiMaxLengthStoredDefault),
  viralStyle: input.viralStyle ?? DEFAULT_CLASSIC_STYLE,
});

/** Strips mentions from the content; content that was nothing but mentions is refused. */
const cleaned = (fields: TemplateFields): { fields: TemplateFields; mentionsRemoved: string[] } => {
  const { text, removed } = stripMentions(fields.content, { field: 'content' });
  if (text === '') throw new AppError('validation', TEMPLATE_MESSAGES.contentRequired, { field: 'content' });
  return { fields: { ...fields, content: text }, mentionsRemoved: removed };
};

const sameFields = (a: TemplateFields, b: TemplateFields): boolean =>
  (Object.keys(a) as (keyof TemplateFields)[]).every((k) => a[k] === b[k]);

/** The live template this user may change, or not_found. */
const ownLive = (state: TemplateState, userId: string) => {
  if (state.status !== 'live' || state.ownerId !== userId) throw notFound();
  return state;
};

export const decideTemplate = (command: TemplateCommand, state: TemplateState): TemplateEvent[] => {
  switch (command.type) {
    case 'CreateTemplate': {
      const { fields, mentionsRemoved } = cleaned(templateFieldsFrom(command.input));
      if (state.status !== 'none') {
        // A re-sent create (same id, same owner, same result) is a no-op; anything else is a clash.
        if (state.status === 'live' && state.ownerId === command.userId && sameFields(state.fields, fields)) return [];
        throw new AppError('conflict', 'A template with this id already exists', { reason: 'TEMPLATE_EXISTS' });
      }
      const data = { templateId: command.templateId, userId: command.userId, ...fields, mentionsRemoved };
      return [{ type: 'TemplateCreated', data }];
    }
    case 'UpdateTemplate': {
      const current = ownLive(state, command.userId);
      const merged: TemplateFields = { ...current.fields };
      for (const [key, value] of Object.entries(command.changes) as [keyof TemplateFields, unknown][]) {
        if (value !== undefined) (merged as Record<keyof TemplateFields, unknown>)[key] = value;
      }
      merged.aiMaxLength = clampAiMaxLength(merged.aiMaxLength);
      const { fields, mentionsRemoved } = cleaned(merged);
      if (sameFields(current.fields, fields)) return [];
      return [{ type: 'TemplateUpdated', data: { templateId: current.templateId, userId: command.userId, ...fields, mentionsRemoved } }];
    }
    case 'DeleteTemplate': {
      // Deleting twice is answered like deleting once: DELETE is idempotent for the owner.
      if (state.status === 'deleted' && state.ownerId === command.userId) return [];
      const current = ownLive(state, command.userId);
      return [{ type: 'TemplateDeleted', data: { templateId: current.templateId, userId: command.userId } }];
    }
    default:
      return assertNever(command, 'template command');
  }
};

const fieldsOf = ({ templateId: _t, userId: _u, mentionsRemoved: _m, ...fields }: TemplateSaved): TemplateFields => fields;

export const evolveTemplate = (state: TemplateState, event: TemplateEvent): TemplateState => {
  switch (event.type) {
    case 'TemplateCreated':
    case 'TemplateUpdated':
      return { status: 'live', templateId: event.data.templateId, ownerId: event.data.userId, fields: fieldsOf(event.data) };
    case 'TemplateDeleted':
      return { status: 'deleted', templateId: event.data.templateId, ownerId: event.data.userId };
    default: {
      // Exhaustive at compile time; at run time an event type from a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  decide: decideTemplate,
  evolve: evolveTemplate,
  initialState: () => ({ status: 'none' }),
};

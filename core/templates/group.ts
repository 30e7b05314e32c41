/**
 * A template group: one stream per group (`template-group-{id}`), holding its ordered template ids
 * and its rotation cursor. Events carry the resulting order and cursor, so evolve and the projection
 * copy them instead of recomputing (one place decides how the cursor moves: rotation.ts).
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import {
  cursorAfterInsert,
  cursorAfterRemove,
  cursorAfterReorder,
  nextTemplate,
  normaliseCursor,
  type RotationCandidate,
} from './rotation';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES, type TemplateGroupInput, type TemplateGroupPatch } from './schemas';

export const templateGroupStream = (groupId: string): string => `template-group-${groupId}`;

export interface TemplateGroupFields {
  name: string;
  description: string | null;
  isActive: boolean;
}

/** What the caller looked up about a template before adding it (null: no such template). */
export type TemplateRef = { ownerId: string; deleted: boolean } | null;

export type TemplateGroupCommand =
  | { type: 'CreateTemplateGroup'; groupId: string; userId: string; input: TemplateGroupInput }
  | { type: 'UpdateTemplateGroup'; groupId: string; userId: string; changes: TemplateGroupPatch }
  | { type: 'DeleteTemplateGroup'; groupId: string; userId: string }
  | { type: 'AddTemplateToGroup'; groupId: string; userId: string; templateId: string; template: TemplateRef; position?: number }
  | { type: 'RemoveTemplateFromGroup'; groupId: string; userId: string; templateId: string }
  /** Ids not listed (e.g. a deleted template the page no longer shows) keep their relative order at the end. */
  | { type: 'ReorderGroupTemplates'; groupId: string; userId: string; templateIds: readonly string[] }
  /** Hands out the next template; the lookup says which templates are active and not deleted. */
  | { type: 'RotateGroupTemplate'; groupId: string; userId: string; templates: ReadonlyMap<string, RotationCandidate> };

interface GroupRef {
  groupId: string;
  userId: string;
}
type Ordered = GroupRef & { templateIds: string[]; lastTemplateIndex: number };

export type TemplateGroupEvent =
  | { type: 'TemplateGroupCreated'; data: GroupRef & TemplateGroupFields }
  | { type: 'TemplateGroupUpdated'; data: GroupRef & TemplateGroupFields }
  | { type: 'TemplateGroupDeleted'; data: GroupRef }
  | { type: 'TemplateAddedToGroup'; data: Ordered & { templateId: string } }
  | { type: 'TemplateRemovedFromGroup'; data: Ordered & { templateId: string } }
  | { type: 'TemplateGroupReordered'; data: Ordered }
  | { type: 'TemplateGroupRotated'; data: GroupRef & { templateId: string; lastTemplateIndex: number } };

export const TEMPLATE_GROUP_EVENT_TYPES = [
  'TemplateGroupCreated',
  'TemplateGroupUpdated',
  'TemplateGroupDeleted',
  'TemplateAddedToGroup',
  'TemplateRemovedFromGroup',
  'TemplateGroupReordered',
  'TemplateGroupRotated',
] as const;

export interface LiveGroup extends TemplateGroupFields {
  status: 'live';
  groupId: string;
  ownerId: string;
  templateIds: string[];
  lastTemplateIndex: number;
}

export type TemplateGroupState = { status: 'none' } | LiveGroup | { status: 'deleted'; groupId: string; ownerId: string };

const groupNotFound = () => new AppError('not_found', TEMPLATE_MESSAGES.groupNotFound, { reason: 'TEMPLATE_GROUP_NOT_FOUND' });

const ownLive = (state: TemplateGroupState, userId: string): LiveGroup => {
  if (state.status !== 'live' || state.ownerId !== userId) throw groupNotFound();
  return state;
};

const fieldsFrom = (input: TemplateGroupInput): TemplateGroupFields => ({
  name: input.name,
  description: input.description ?? null,
  isActive: input.isActive ?? true,
});

const sameFields = (a: TemplateGroupFields, b: TemplateGroupFields) =>
  a.name === b.name && a.description === b.description && a.isActive === b.isActive;

const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

const decideMembership = (command: TemplateGroupCommand & { type: 'AddTemplateToGroup' | 'RemoveTemplateFromGroup' | 'ReorderGroupTemplates' }, group: LiveGroup): TemplateGroupEvent[] => {
  const ref = { groupId: group.groupId, userId: command.userId };
  const ids = group.templateIds;
  switch (command.type) {
    case 'AddTemplateToGroup': {
      // Another user's template is as unknown as a missing one.
      if (command.template === null || command.template.deleted || command.template.ownerId !== command.userId) {
        throw new AppError('not_found', TEMPLATE_MESSAGES.notFound, { field: 'templateId', reason: 'TEMPLATE_NOT_FOUND' });
      }
      if (ids.includes(command.templateId)) return [];
      if (ids.length >= TEMPLATE_LIMITS.templatesPerGroupMax) throw new AppError('validation', TEMPLATE_MESSAGES.groupFull, { field: 'templateId' });
      const position = Math.min(Math.max(0, Math.trunc(command.position ?? ids.length)), ids.length);
      const templateIds = [...ids.slice(0, position), command.templateId, ...ids.slice(position)];
      const lastTemplateIndex = cursorAfterInsert(group.lastTemplateIndex, ids.length, position);
      return [{ type: 'TemplateAddedToGroup', data: { ...ref, templateId: command.templateId, templateIds, lastTemplateIndex } }];
    }
    case 'RemoveTemplateFromGroup': {
      const position = ids.indexOf(command.templateId);
      if (position < 0) return [];
      const templateIds = ids.filter((id) => id !== command.templateId);
      const lastTemplateIndex = cursorAfterRemove(group.lastTemplateIndex, ids.length, position);
      return [{ type: 'TemplateRemovedFromGroup', data: { ...ref, templateId: command.templateId, templateIds, lastTemplateIndex } }];
    }
    case 'ReorderGroupTemplates': {
      const listed = command.templateIds;
      if (new Set(listed).size !== listed.length) throw new AppError('validation', 'A template can appear only once in a group', { field: 'templateIds' });
      const stranger = listed.find((id) => !ids.includes(id));
      if (stranger !== undefined) throw new AppError('validation', `Template ${stranger} is not in this group`, { field: 'templateIds' });
      const templateIds = [...listed, ...ids.filter((id) => !listed.includes(id))];
      if (sameOrder(ids, templateIds)) return [];
      const lastTemplateIndex = cursorAfterReorder(group.lastTemplateIndex, ids, templateIds);
      return [{ type: 'TemplateGroupReordered', data: { ...ref, templateIds, lastTemplateIndex } }];
    }
    default:
      return assertNever(command, 'membership command');
  }
};

export const decideTemplateGroup = (command: TemplateGroupCommand, state: TemplateGroupState): TemplateGroupEvent[] => {
  switch (command.type) {
    case 'CreateTemplateGroup': {
      const fields = fieldsFrom(command.input);
      if (state.status !== 'none') {
        if (state.status === 'live' && state.ownerId === command.userId && sameFields(state, fields)) return [];
        throw new AppError('conflict', 'A template group with this id already exists', { reason: 'TEMPLATE_GROUP_EXISTS' });
      }
      return [{ type: 'TemplateGroupCreated', data: { groupId: command.groupId, userId: command.userId, ...fields } }];
    }
    case 'UpdateTemplateGroup': {
      const group = ownLive(state, command.userId);
      const next: TemplateGroupFields = {
        name: command.changes.name ?? group.name,
        description: command.changes.description === undefined ? group.description : command.changes.description,
        isActive: command.changes.isActive ?? group.isActive,
      };
      if (sameFields(group, next)) return [];
      return [{ type: 'TemplateGroupUpdated', data: { groupId: group.groupId, userId: command.userId, ...next } }];
    }
    case 'DeleteTemplateGroup': {
      if (state.status === 'deleted' && state.ownerId === command.userId) return [];
      const group = ownLive(state, command.userId);
      return [{ type: 'TemplateGroupDeleted', data: { groupId: group.groupId, userId: command.userId } }];
    }
    case 'AddTemplateToGroup':
    case 'RemoveTemplateFromGroup':
    case 'ReorderGroupTemplates':
      return decideMembership(command, ownLive(state, command.userId));
    case 'RotateGroupTemplate': {
      const group = ownLive(state, command.userId);
      // An inactive group hands out nothing; neither does one without an eligible template.
      const pick = group.isActive ? nextTemplate(group, command.templates) : null;
      if (pick === null) return [];
      return [{ type: 'TemplateGroupRotated', data: { groupId: group.groupId, userId: command.userId, templateId: pick.templateId, lastTemplateIndex: pick.nextIndex } }];
    }
    default:
      return assertNever(command, 'template group command');
  }
};

export const evolveTemplateGroup = (state: TemplateGroupState, event: TemplateGroupEvent): TemplateGroupState => {
  switch (event.type) {
    case 'TemplateGroupCreated': {
      const { groupId, userId, name, description, isActive } = event.data;
      return { status: 'live', groupId, ownerId: userId, name, description, isActive, templateIds: [], lastTemplateIndex: 0 };
    }
    case 'TemplateGroupDeleted':
      return { status: 'deleted', groupId: event.data.groupId, ownerId: event.data.userId };
    default:
      break;
  }
  if (state.status !== 'live') return state;
  switch (event.type) {
    case 'TemplateGroupUpdated':
      return { ...state, name: event.data.name, description: event.data.description, isActive: event.data.isActive };
    case 'TemplateAddedToGroup':
    case 'TemplateRemovedFromGroup':
    case 'TemplateGroupReordered':
      return { ...state, templateIds: [...event.data.templateIds], lastTemplateIndex: event.data.lastTemplateIndex };
    case 'TemplateGroupRotated':
      return { ...state, lastTemplateIndex: normaliseCursor(event.data.lastTemplateIndex, state.templateIds.length) };
    default: {
      // Exhaustive at compile time; at run time an event type from a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};

export const templateGroupDecider: Decider<TemplateGroupCommand, TemplateGroupEvent, TemplateGroupState> = {
  decide: decideTemplateGroup,
  evolve: evolveTemplateGroup,
  initialState: () => ({ status: 'none' }),
};

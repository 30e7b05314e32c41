/**
 * Templates and template groups wired to the event store: every change goes through the deciders
 * of core/templates via the generic command handler. Ownership is decided in the core (someone
 * else's template or group is "not found"), so this file only routes commands to streams.
 *
 * Setting a group's whole ordered list (the page's add/remove/reorder) is decided as a sequence of
 * membership commands on one state and appended in ONE write, so a half-applied list never exists.
 */
import { randomUUID } from 'node:crypto';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { EventStore } from '@core/eventstore/types';
import type { Decider } from '@core/shared/decider';
import {
  templateDecider,
  templateGroupDecider,
  templateGroupStream,
  templateStream,
  type TemplateGroupCommand,
  type TemplateGroupInput,
  type TemplateGroupPatch,
  type TemplateGroupState,
  type TemplateInput,
  type TemplatePatch,
  type TemplateRef,
} from '@core/templates';
import { commandOptions, expectedOf, type CommandContext, type Written } from '../commands';

/** Decides a list of commands one after the other, each on the state the previous ones left. */
const inSequence = <C, E, S>(decider: Decider<C, E, S>): Decider<readonly C[], E, S> => ({
  initialState: decider.initialState,
  evolve: decider.evolve,
  decide: (commands, state) => {
    const events: E[] = [];
    let current = state;
    for (const command of commands) {
      const decided = decider.decide(command, current);
      events.push(...decided);
      current = decided.reduce(decider.evolve, current);
    }
    return events;
  },
});

const groupSequence = inSequence(templateGroupDecider);

export const createTemplatesService = (store: EventStore, clock: () => Date = () => new Date()) => {
  const options = (ctx: CommandContext) => commandOptions(ctx, clock);

  /** What a group needs to know about a template before taking it in (null: no such template). */
  const templateRef = async (templateId: string): Promise<TemplateRef> => {
    const { state } = await loadState(store, templateStream(templateId), templateDecider);
    switch (state.status) {
      case 'none':
        return null;
      case 'live':
        return { ownerId: state.ownerId, deleted: false };
      case 'deleted':
        return { ownerId: state.ownerId, deleted: true };
    }
  };

  const loadGroup = async (groupId: string): Promise<TemplateGroupState> => (await loadState(store, templateGroupStream(groupId), templateGroupDecider)).state;

  const runTemplate = async (id: string, command: Parameters<typeof templateDecider.decide>[0], ctx: CommandContext): Promise<Written> => {
    const result = await handleCommand(store, templateStream(id), templateDecider, command, { ...options(ctx), ...expectedOf(ctx) });
    return { id, position: result.position };
  };

  const runGroup = async (id: string, commands: readonly TemplateGroupCommand[], ctx: CommandContext): Promise<Written> => {
    const result = await handleCommand(store, templateGroupStream(id), groupSequence, commands, { ...options(ctx), ...expectedOf(ctx) });
    return { id, position: result.position };
  };

  return {
    createTemplate: (userId: string, input: TemplateInput, ctx: CommandContext) => {
      const templateId = randomUUID();
      return runTemplate(templateId, { type: 'CreateTemplate', templateId, userId, input }, ctx);
    },
    updateTemplate: (userId: string, templateId: string, changes: TemplatePatch, ctx: CommandContext) =>
      runTemplate(templateId, { type: 'UpdateTemplate', templateId, userId, changes }, ctx),
    deleteTemplate: (userId: string, templateId: string, ctx: CommandContext) =>
      runTemplate(templateId, { type: 'DeleteTemplate', templateId, userId }, ctx),

    createGroup: (userId: string, input: TemplateGroupInput, ctx: CommandContext) => {
      const groupId = randomUUID();
      return runGroup(groupId, [{ type: 'CreateTemplateGroup', groupId, userId, input }], ctx);
    },
    updateGroup: (userId: string, groupId: string, changes: TemplateGroupPatch, ctx: CommandContext) =>
      runGroup(groupId, [{ type: 'UpdateTemplateGroup', groupId, userId, changes }], ctx),
    deleteGroup: (userId: string, groupId: string, ctx: CommandContext) =>
      runGroup(groupId, [{ type: 'DeleteTemplateGroup', groupId, userId }], ctx),

    /**
     * Makes the group hold exactly `templateIds`, in that order: members not listed are removed,
     * new ones added (each checked: the caller's own, not deleted), then the order is set.
     * Members whose template was deleted stay where the group keeps them (rotation skips them);
     * the page never lists them, so they are not "removed" by being absent.
     */
    setGroupTemplates: async (userId: string, groupId: string, templateIds: readonly string[], ctx: CommandContext): Promise<Written> => {
      const group = await loadGroup(groupId);
      const current = group.status === 'live' && group.ownerId === userId ? group.templateIds : [];
      const refs = new Map<string, TemplateRef>();
      for (const id of new Set([...current, ...templateIds])) refs.set(id, await templateRef(id));
      const commands: TemplateGroupCommand[] = [];
      for (const id of current) {
        const ref = refs.get(id) ?? null;
        const deletedTemplate = ref === null || ref.deleted;
        if (!templateIds.includes(id) && !deletedTemplate) commands.push({ type: 'RemoveTemplateFromGroup', groupId, userId, templateId: id });
      }
      for (const id of templateIds) {
        if (!current.includes(id)) commands.push({ type: 'AddTemplateToGroup', groupId, userId, templateId: id, template: refs.get(id) ?? null });
      }
      commands.push({ type: 'ReorderGroupTemplates', groupId, userId, templateIds });
      return runGroup(groupId, commands, ctx);
    },
  };
};

export type TemplatesService = ReturnType<typeof createTemplatesService>;

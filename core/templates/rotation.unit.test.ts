import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fold } from '@core/shared/decider';
import { templateGroupDecider, type LiveGroup, type TemplateGroupCommand, type TemplateGroupEvent } from './group';
import { nextTemplate, type RotationCandidate } from './rotation';

type Lookup = Map<string, RotationCandidate>;

// A group: unique ids, a cursor (possibly stale or out of range), and each template's standing.
const scenario = fc
  .uniqueArray(fc.constantFrom(...'abcdefghijkl'), { minLength: 0, maxLength: 12 })
  .chain((ids) =>
    fc.record({
      templateIds: fc.constant(ids),
      lastTemplateIndex: fc.integer({ min: -30, max: 30 }),
      standing: fc.array(fc.constantFrom('active', 'inactive', 'deleted', 'missing'), { minLength: ids.length, maxLength: ids.length }),
    }),
  )
  .map(({ templateIds, lastTemplateIndex, standing }) => {
    const templates: Lookup = new Map();
    templateIds.forEach((id, i) => {
      const s = standing[i];
      if (s === 'active') templates.set(id, { isActive: true });
      else if (s === 'inactive') templates.set(id, { isActive: false });
      else if (s === 'deleted') templates.set(id, { isActive: true, deleted: true });
    });
    const eligible = templateIds.filter((id) => standing[templateIds.indexOf(id)] === 'active');
    return { group: { templateIds, lastTemplateIndex }, templates, eligible };
  });

const run = (group: { templateIds: string[]; lastTemplateIndex: number }, templates: Lookup, times: number): string[] => {
  const out: string[] = [];
  let cursor = group.lastTemplateIndex;
  for (let i = 0; i < times; i += 1) {
    const pick = nextTemplate({ templateIds: group.templateIds, lastTemplateIndex: cursor }, templates);
    if (pick === null) break;
    out.push(pick.templateId);
    cursor = pick.nextIndex;
  }
  return out;
};

describe('nextTemplate', () => {
  it('starts at the stored index (default 0 hands out the first template first) and wraps', () => {
    const all = new Map(['a', 'b', 'c'].map((id) => [id, { isActive: true }]));
    expect(run({ templateIds: ['a', 'b', 'c'], lastTemplateIndex: 0 }, all, 5)).toEqual(['a', 'b', 'c', 'a', 'b']);
    expect(nextTemplate({ templateIds: ['a', 'b', 'c'], lastTemplateIndex: 2 }, all)).toEqual({ templateId: 'c', index: 2, nextIndex: 0 });
    expect(nextTemplate({ templateIds: [], lastTemplateIndex: 0 }, all)).toBeNull();
  });

  it('is fair over a cycle: each eligible template exactly once per cycle, from any cursor', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 4 }), ({ group, templates, eligible }, cycles) => {
        const picks = run(group, templates, eligible.length * cycles);
        expect(picks).toHaveLength(eligible.length * cycles);
        for (let c = 0; c < cycles; c += 1) {
          const cycle = picks.slice(c * eligible.length, (c + 1) * eligible.length);
          expect([...cycle].sort()).toEqual([...eligible].sort());
        }
      }),
    );
  });

  it('never hands out an inactive, deleted or unknown template, and gives none only when none is eligible', () => {
    fc.assert(
      fc.property(scenario, ({ group, templates, eligible }) => {
        const pick = nextTemplate(group, templates);
        if (eligible.length === 0) expect(pick).toBeNull();
        else expect(eligible).toContain(pick?.templateId);
      }),
    );
  });
});

// ---- through the group decider: the cursor survives edits --------------------------------------

const ref = { groupId: 'g', userId: 'u' };
const groupOf = (ids: string[], lastTemplateIndex: number): LiveGroup => {
  const events: TemplateGroupEvent[] = [{ type: 'TemplateGroupCreated', data: { ...ref, name: 'G', description: null, isActive: true } }];
  ids.forEach((id, i) => events.push({ type: 'TemplateAddedToGroup', data: { ...ref, templateId: id, templateIds: ids.slice(0, i + 1), lastTemplateIndex: 0 } }));
  if (ids.length > 0) events.push({ type: 'TemplateGroupRotated', data: { ...ref, templateId: ids[0] as string, lastTemplateIndex } });
  return fold(templateGroupDecider, events) as LiveGroup;
};
const apply = (group: LiveGroup, command: TemplateGroupCommand): LiveGroup =>
  templateGroupDecider.decide(command, group).reduce(templateGroupDecider.evolve, group) as LiveGroup;
const pointed = (g: LiveGroup) => g.templateIds[g.lastTemplateIndex];

const liveGroup = fc
  .uniqueArray(fc.constantFrom(...'abcdefgh'), { minLength: 1, maxLength: 8 })
  .chain((ids) => fc.tuple(fc.constant(ids), fc.nat({ max: ids.length - 1 }), fc.shuffledSubarray(ids, { minLength: ids.length, maxLength: ids.length })))
  .map(([ids, cursor, shuffled]) => ({ group: groupOf(ids, cursor), shuffled }));

describe('rotation through group edits', () => {
  it('is stable after reorder: the cursor keeps pointing at the same template, so with all active the next pick is unchanged', () => {
    fc.assert(
      fc.property(liveGroup, ({ group, shuffled }) => {
        const all: Lookup = new Map(group.templateIds.map((id) => [id, { isActive: true }]));
        const after = apply(group, { type: 'ReorderGroupTemplates', ...ref, templateIds: shuffled });
        expect(pointed(after)).toBe(pointed(group));
        expect(nextTemplate(after, all)?.templateId).toBe(nextTemplate(group, all)?.templateId);
        expect([...after.templateIds].sort()).toEqual([...group.templateIds].sort());
      }),
    );
  });

  it('keeps the same template next when another template is added anywhere or removed', () => {
    fc.assert(
      fc.property(liveGroup, fc.nat({ max: 10 }), fc.nat({ max: 10 }), ({ group }, position, victim) => {
        const next = pointed(group);
        const grown = apply(group, { type: 'AddTemplateToGroup', ...ref, templateId: 'new', template: { ownerId: 'u', deleted: false }, position });
        expect(pointed(grown)).toBe(next);
        const other = group.templateIds[victim % group.templateIds.length] as string;
        fc.pre(other !== next);
        const shrunk = apply(group, { type: 'RemoveTemplateFromGroup', ...ref, templateId: other });
        expect(pointed(shrunk)).toBe(next);
      }),
    );
  });

  it('moves on to the following template when the next one is removed', () => {
    fc.assert(
      fc.property(liveGroup, ({ group }) => {
        fc.pre(group.templateIds.length > 1);
        const i = group.lastTemplateIndex;
        const following = group.templateIds[(i + 1) % group.templateIds.length];
        const shrunk = apply(group, { type: 'RemoveTemplateFromGroup', ...ref, templateId: pointed(group) as string });
        expect(pointed(shrunk)).toBe(following);
      }),
    );
  });
});

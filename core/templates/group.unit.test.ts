import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { templateGroupDecider, type TemplateGroupCommand, type TemplateGroupEvent } from './group';
import type { RotationCandidate } from './rotation';

const spec = deciderSpec(templateGroupDecider);
const groupId = 'g1';
const owner = 'u1';
const stranger = 'u2';
const ref = { groupId, userId: owner };

const created: TemplateGroupEvent = { type: 'TemplateGroupCreated', data: { ...ref, name: 'Openers', description: null, isActive: true } };
const added = (templateId: string, templateIds: string[], lastTemplateIndex = 0): TemplateGroupEvent => ({
  type: 'TemplateAddedToGroup',
  data: { ...ref, templateId, templateIds, lastTemplateIndex },
});
const withAbc = [created, added('a', ['a']), added('b', ['a', 'b']), added('c', ['a', 'b', 'c'])];
const deleted: TemplateGroupEvent = { type: 'TemplateGroupDeleted', data: ref };
const mine = { ownerId: owner, deleted: false };
const active = (...ids: string[]) => new Map<string, RotationCandidate>(ids.map((id) => [id, { isActive: true }]));

const cmd = <T extends TemplateGroupCommand['type']>(type: T, rest: Omit<Extract<TemplateGroupCommand, { type: T }>, 'type' | 'groupId' | 'userId'>, userId = owner) =>
  ({ type, groupId, userId, ...rest }) as Extract<TemplateGroupCommand, { type: T }>;

describe('CreateTemplateGroup', () => {
  it('emits TemplateGroupCreated, active by default', () => {
    spec.given().when(cmd('CreateTemplateGroup', { input: { name: 'Openers' } })).then([created]);
  });
  it('refuses an id already used by another group', () => {
    spec.given(created).when(cmd('CreateTemplateGroup', { input: { name: 'Other' } })).thenRefuses('conflict');
  });
  it('stays quiet when the same create is sent again', () => {
    spec.given(created).when(cmd('CreateTemplateGroup', { input: { name: 'Openers', description: null } })).thenNothing();
  });
});

describe('UpdateTemplateGroup', () => {
  it('emits TemplateGroupUpdated with the merged fields', () => {
    spec
      .given(created)
      .when(cmd('UpdateTemplateGroup', { changes: { description: 'Short ones', isActive: false } }))
      .then([{ type: 'TemplateGroupUpdated', data: { ...ref, name: 'Openers', description: 'Short ones', isActive: false } }]);
  });
  it("refuses another user's, a missing or a deleted group as not_found", () => {
    spec.given(created).when(cmd('UpdateTemplateGroup', { changes: { name: 'x' } }, stranger)).thenRefuses('not_found', 'Template group not found');
    spec.given().when(cmd('UpdateTemplateGroup', { changes: { name: 'x' } })).thenRefuses('not_found');
    spec.given(created, deleted).when(cmd('UpdateTemplateGroup', { changes: { name: 'x' } })).thenRefuses('not_found');
  });
  it('stays quiet when nothing changes', () => {
    spec.given(created).when(cmd('UpdateTemplateGroup', { changes: { name: 'Openers' } })).thenNothing();
  });
});

describe('DeleteTemplateGroup', () => {
  it('emits TemplateGroupDeleted', () => {
    spec.given(created).when(cmd('DeleteTemplateGroup', {})).then([deleted]);
  });
  it("refuses another user's group as not_found", () => {
    spec.given(created).when(cmd('DeleteTemplateGroup', {}, stranger)).thenRefuses('not_found');
  });
  it('stays quiet when deleted again', () => {
    spec.given(created, deleted).when(cmd('DeleteTemplateGroup', {})).thenNothing();
  });
});

describe('AddTemplateToGroup', () => {
  it('appends, or inserts at a position, keeping the same template next', () => {
    spec.given(created).when(cmd('AddTemplateToGroup', { templateId: 'a', template: mine })).then([added('a', ['a'])]);
    const rotated: TemplateGroupEvent = { type: 'TemplateGroupRotated', data: { ...ref, templateId: 'a', lastTemplateIndex: 1 } };
    // Cursor at 1 ('b' next); inserting 'x' at 0 moves 'b' to 2, and the cursor with it.
    spec
      .given(...withAbc, rotated)
      .when(cmd('AddTemplateToGroup', { templateId: 'x', template: mine, position: 0 }))
      .then([added('x', ['x', 'a', 'b', 'c'], 2)]);
  });
  it("refuses a missing, deleted or another user's template, and another user's group", () => {
    spec.given(created).when(cmd('AddTemplateToGroup', { templateId: 'a', template: null })).thenRefuses('not_found', 'Template not found');
    spec.given(created).when(cmd('AddTemplateToGroup', { templateId: 'a', template: { ownerId: owner, deleted: true } })).thenRefuses('not_found');
    spec.given(created).when(cmd('AddTemplateToGroup', { templateId: 'a', template: { ownerId: stranger, deleted: false } })).thenRefuses('not_found');
    spec.given(created).when(cmd('AddTemplateToGroup', { templateId: 'a', template: { ownerId: stranger, deleted: false } }, stranger)).thenRefuses('not_found', 'Template group not found');
  });
  it('refuses a 101st template', () => {
    const full = [created, ...Array.from({ length: 100 }, (_, i) => added(`t${i}`, Array.from({ length: i + 1 }, (_, j) => `t${j}`)))];
    spec.given(...full).when(cmd('AddTemplateToGroup', { templateId: 'one-more', template: mine })).thenRefuses('validation');
  });
  it('stays quiet when the template is already in the group', () => {
    spec.given(...withAbc).when(cmd('AddTemplateToGroup', { templateId: 'b', template: mine })).thenNothing();
  });
});

describe('RemoveTemplateFromGroup', () => {
  it('emits TemplateRemovedFromGroup with the new order and cursor', () => {
    spec
      .given(...withAbc)
      .when(cmd('RemoveTemplateFromGroup', { templateId: 'b' }))
      .then([{ type: 'TemplateRemovedFromGroup', data: { ...ref, templateId: 'b', templateIds: ['a', 'c'], lastTemplateIndex: 0 } }]);
  });
  it("refuses another user's group", () => {
    spec.given(...withAbc).when(cmd('RemoveTemplateFromGroup', { templateId: 'b' }, stranger)).thenRefuses('not_found');
  });
  it('stays quiet when the template is not in the group', () => {
    spec.given(...withAbc).when(cmd('RemoveTemplateFromGroup', { templateId: 'zzz' })).thenNothing();
  });
});

describe('ReorderGroupTemplates', () => {
  it('emits the new order; templates not listed keep their order at the end', () => {
    spec
      .given(...withAbc)
      .when(cmd('ReorderGroupTemplates', { templateIds: ['c'] }))
      .then([{ type: 'TemplateGroupReordered', data: { ...ref, templateIds: ['c', 'a', 'b'], lastTemplateIndex: 1 } }]);
  });
  it('refuses repeats and templates that are not in the group', () => {
    spec.given(...withAbc).when(cmd('ReorderGroupTemplates', { templateIds: ['a', 'a'] })).thenRefuses('validation');
    spec.given(...withAbc).when(cmd('ReorderGroupTemplates', { templateIds: ['q'] })).thenRefuses('validation', /not in this group/);
    spec.given(...withAbc).when(cmd('ReorderGroupTemplates', { templateIds: ['c', 'b', 'a'] }, stranger)).thenRefuses('not_found');
  });
  it('stays quiet when the order does not change', () => {
    spec.given(...withAbc).when(cmd('ReorderGroupTemplates', { templateIds: ['a', 'b'] })).thenNothing();
  });
});

describe('RotateGroupTemplate', () => {
  it('hands out the next eligible template and moves the cursor past it', () => {
    const state = spec
      .given(...withAbc)
      .when(cmd('RotateGroupTemplate', { templates: active('b', 'c') }))
      .then([{ type: 'TemplateGroupRotated', data: { ...ref, templateId: 'b', lastTemplateIndex: 2 } }]);
    expect(state).toMatchObject({ lastTemplateIndex: 2 });
  });
  it("refuses another user's group", () => {
    spec.given(...withAbc).when(cmd('RotateGroupTemplate', { templates: active('a') }, stranger)).thenRefuses('not_found');
  });
  it('stays quiet with no eligible template or when the group is inactive', () => {
    spec.given(...withAbc).when(cmd('RotateGroupTemplate', { templates: new Map([['a', { isActive: false }]]) })).thenNothing();
    const paused: TemplateGroupEvent = { type: 'TemplateGroupUpdated', data: { ...ref, name: 'Openers', description: null, isActive: false } };
    spec.given(...withAbc, paused).when(cmd('RotateGroupTemplate', { templates: active('a', 'b', 'c') })).thenNothing();
  });
});

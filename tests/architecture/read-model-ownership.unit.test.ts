import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allProjections } from '@adapters/read-models';
import { findOwnershipViolations, readModelOwners, readModulePath, tablesOfSchema, withoutComments } from './read-model-ownership';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/read-model-ownership', import.meta.url));

describe('read-model ownership', () => {
  it("no capability's SQL names another capability's table, anywhere in apps/, adapters/, core/ or bench/", () => {
    const found = findOwnershipViolations(root).map((v) => `${v.file}:${v.line} names ${v.table} (owned by ${readModulePath(v.owner)})`);
    expect(found).toEqual([]);
  });

  it('knows every registered read model: the tables found in core are the tables of allProjections', () => {
    const { owners } = readModelOwners(root);
    const registered = new Set(allProjections.flatMap((p) => [...tablesOfSchema(p.schema)]));
    expect([...owners.keys()].sort()).toEqual([...registered].sort());
    expect(registered).toContain('schedules');
  });

  it('has one read module per capability that owns a table', () => {
    const capabilities = [...new Set(readModelOwners(root).owners.values())].sort();
    expect(capabilities).toEqual(['monitoring', 'scheduling', 'templates', 'users', 'x-accounts']);
    for (const capability of capabilities) expect(existsSync(`${root}${readModulePath(capability)}`), readModulePath(capability)).toBe(true);
  });

  it('catches SQL naming another capability’s table (fixture tree), and only that', () => {
    const found = findOwnershipViolations(fixture).map((v) => `${v.file}:${v.line} ${v.table} -> ${v.owner}`);
    expect(found.sort()).toEqual([
      'adapters/read-models/gadgets.ts:4 widgets -> widgets',
      'adapters/scheduler/job.ts:3 widgets -> widgets',
      'adapters/scheduler/job.ts:4 gadgets -> gadgets',
      'apps/server/src/report.ts:4 gadgets -> gadgets',
      'bench/load.ts:2 widget_parts -> widgets',
    ]);
  });

  it('reads the tables of a schema from CREATE TABLE and CREATE INDEX ... ON', () => {
    expect([...tablesOfSchema(['CREATE TABLE a (x)', 'CREATE INDEX a_x ON a (x)', 'CREATE UNIQUE INDEX IF NOT EXISTS b_x ON b (x)'])].sort()).toEqual(['a', 'b']);
  });

  it('blanks comments but keeps lines and addresses', () => {
    const source = "const a = 1; // FROM users\n/* JOIN\n templates */ const u = 'https://x.test//path'; // it's";;
    const blanked = withoutComments(source);
    expect(blanked.split('\n')).toHaveLength(3);
    expect(blanked).not.toMatch(/users|templates/);
    expect(blanked).toContain("'https://x.test//path'");
  });
});

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allProjections } from '@adapters/read-models';
import { ACCOUNT_DELETED } from '@core/users/erasure';
import { findOwnershipViolations, readModelOwners, readModulePath, stringsOf, tablesOfSchema } from './read-model-ownership';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/read-model-ownership', import.meta.url));

describe('read-model ownership', () => {
  it("no capability's SQL names another capability's table, anywhere in apps/, adapters/, core/ or bench/", () => {
    const found = findOwnershipViolations(root).map((v) => `${v.file}:${v.line} names ${v.table} (owned by ${readModulePath(v.owner)})`);
    expect(found).toEqual([]);
  });

  it('finds the owner of every registered table in core, and each owner has its read module', () => {
    const { owners } = readModelOwners(root);
    const registered = allProjections.flatMap((p) => [...tablesOfSchema(p.schema)]);
    expect(registered).toContain('schedules');
    expect(registered.filter((table) => !owners.has(table))).toEqual([]);
    const capabilities = [...new Set(registered.map((table) => owners.get(table) ?? ''))].sort();
    expect(capabilities).toEqual(expect.arrayContaining(['monitoring', 'scheduling', 'templates', 'users', 'x-accounts']));
    for (const capability of capabilities) expect(existsSync(`${root}${readModulePath(capability)}`), readModulePath(capability)).toBe(true);
  });

  it("drops a deleted account's rows: every projection with a user_id column handles AccountDeleted, but the listed exceptions", () => {
    // Kept on purpose (ADR 0028): monitored accounts are X accounts (public), shared with other
    // users' schedules; billing handles it but keeps its payment rows, the audit trail of money,
    // which route a late refund or dispute to the billing stream (no personal field in them).
    const kept = new Set(['monitored_accounts']);
    const missing = allProjections
      .filter((p) => !(p.handles ?? []).includes(ACCOUNT_DELETED))
      .flatMap((p) => p.schema.filter((ddl) => /^\s*CREATE TABLE/i.test(ddl) && /\buser_id\b/.test(ddl)).flatMap((ddl) => [...tablesOfSchema([ddl])]))
      .filter((table) => !kept.has(table));
    expect(missing).toEqual([]);
  });

  it('catches SQL naming another capability’s table (fixture tree), and only that', () => {
    const found = findOwnershipViolations(fixture).map((v) => `${v.file}:${v.line} ${v.table} -> ${v.owner}`);
    expect(found.sort()).toEqual([
      'adapters/read-models/gadgets.ts:4 widgets -> widgets',
      'adapters/scheduler/job.ts:3 widgets -> widgets',
      'adapters/scheduler/job.ts:4 gadgets -> gadgets',
      'apps/server/src/report.tsx:4 gadgets -> gadgets',
      'bench/load.ts:2 widget_parts -> widgets',
    ]);
  });

  it('reads the tables of a schema from CREATE TABLE and CREATE INDEX ... ON', () => {
    expect([...tablesOfSchema(['CREATE TABLE a (x)', 'CREATE INDEX a_x ON a (x)', 'CREATE UNIQUE INDEX IF NOT EXISTS b_x ON b (x)'])].sort()).toEqual(['a', 'b']);
  });

  it('reads SQL only in strings: not in comments, code or page text, and keeps lines', () => {
    const source = "const a = from; // FROM users\n/* JOIN\n templates */ <p>removed from replies</p> const u = 'https://x.test//path FROM schedules'; // it's";
    const strings = stringsOf(source);
    expect(strings.split('\n')).toHaveLength(3);
    expect(strings).not.toMatch(/users|templates|replies|const/);
    expect(strings).toContain('https://x.test//path FROM schedules');
  });
});

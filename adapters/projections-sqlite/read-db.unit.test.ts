/**
 * The read database keeps the statements it compiled (openReadDb): the same text gives the same
 * statement, with its modes back at their defaults, and never one that is still being iterated.
 */
import { describe, expect, it } from 'vitest';
import { openReadDb } from './read-db';

const withRows = () => {
  const db = openReadDb(':memory:');
  db.exec('CREATE TABLE t (a INTEGER, b TEXT)');
  db.prepare('INSERT INTO t VALUES (?, ?)').run(1, 'one');
  db.prepare('INSERT INTO t VALUES (?, ?)').run(2, 'two');
  return db;
};

describe('the read database keeps its statements', () => {
  it('hands out the same statement for the same text', () => {
    const db = withRows();
    expect(db.prepare('SELECT a FROM t ORDER BY a')).toBe(db.prepare('SELECT a FROM t ORDER BY a'));
    db.close();
  });

  it('with its modes reset: one caller plucking, raw or safe integers do not leak into the next', () => {
    const db = withRows();
    const sql = 'SELECT a, b FROM t ORDER BY a';
    expect(db.prepare(sql).pluck().get()).toBe(1);
    expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'one' });
    expect(db.prepare(sql).raw().get()).toEqual([1, 'one']);
    expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'one' });
    expect(db.prepare(sql).safeIntegers().get()).toEqual({ a: 1n, b: 'one' });
    expect(db.prepare(sql).get()).toEqual({ a: 1, b: 'one' });
    db.close();
  });

  it('never hands out a statement that is being iterated: a nested read of the same text works', () => {
    const db = withRows();
    const sql = 'SELECT a FROM t ORDER BY a';
    const seen: number[][] = [];
    for (const row of db.prepare(sql).iterate() as Iterable<{ a: number }>) {
      seen.push([row.a, ...(db.prepare(sql).all() as { a: number }[]).map((r) => r.a)]);
    }
    expect(seen).toEqual([
      [1, 1, 2],
      [2, 1, 2],
    ]);
    db.close();
  });
});

/**
 * A page of the Schedules list is read off an index in the list's order and stops at its limit:
 * its cost follows the page, not the user's number of schedules (bench:api measures it at 10,000).
 */
import { describe, expect, it } from 'vitest';
import { openReadDb } from '@adapters/projections-sqlite/read-db';
import { listSchedulesPage, schedulesProjection } from './scheduling';
import { templateGroupsProjection, templatesProjection } from '@core/templates/projection';
import { usersProjection } from '@core/users/projection';
import { repliesProjection } from '@core/replies/projection';

describe('the Schedules list query plan', () => {
  it('walks the list index in order: no sort of all the user\'s schedules', () => {
    const db = openReadDb(':memory:');
    for (const p of [schedulesProjection, templatesProjection, templateGroupsProjection, usersProjection, repliesProjection]) for (const ddl of p.schema) db.exec(ddl);
    const prepare = db.prepare.bind(db);
    const seen: string[] = [];
    db.prepare = ((sql: string) => {
      seen.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    listSchedulesPage(db, 'u1', 0, 100);
    const list = seen.find((sql) => /FROM schedules/.test(sql) && /LIMIT/.test(sql));
    expect(list).toBeDefined();
    const plan = (prepare(`EXPLAIN QUERY PLAN ${list!}`).all('u1', 101, 0) as { detail: string }[]).map((r) => r.detail);
    expect(plan[0]).toMatch(/USING INDEX schedules_list/);
    // Ties on the last term (same time, same creation) are ordered as they come: only those are sorted.
    expect(plan.filter((d) => /TEMP B-TREE/.test(d) && !/LAST TERM|RIGHT PART/.test(d))).toEqual([]);
    db.close();
  });
});

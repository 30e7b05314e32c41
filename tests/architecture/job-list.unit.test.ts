import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findJobListViolations, jobFactories } from './job-list';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/job-list-twice', import.meta.url));

describe('the scheduler job list exists once', () => {
  it('holds for the whole tree: both schedulers run schedulerJobs(), no job is started elsewhere', () => {
    expect(findJobListViolations(root)).toEqual([]);
  });

  it('knows the job factories it guards (a rule that finds none would pass anything)', () => {
    const names = [...jobFactories(root).keys()];
    for (const name of ['createHeartbeatJob', 'renewalJob', 'notificationJobs', 'createErasureJob', 'createUploadCleanupJob', 'createXIdResolverJob', 'createBatchRecoveryJob', 'createPushJob']) {
      expect(names).toContain(name);
    }
  });

  it('fails on a second scheduler with its own list (fixture tree)', () => {
    expect(findJobListViolations(fixture).map((v) => `${v.file}:${v.line} ${v.what}`).sort()).toEqual([
      'apps/worker/src/main.ts:5 a scheduler built from its own job list, not schedulerJobs()',
      'apps/worker/src/main.ts:6 job createHeartbeatJob started outside adapters/scheduler/jobs.ts',
      'apps/worker/src/main.ts:6 job renewalJob started outside adapters/scheduler/jobs.ts',
    ]);
  });
});

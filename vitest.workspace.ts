// The source of truth for the test projects. Vitest 4 reads projects from the root config,
// so vitest.config.ts imports this list (see docs/adr/0002-tooling.md).
import { fileURLToPath } from 'node:url';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';
import { aliases } from './aliases.ts';
import { spawningIntTests } from './tests/support/spawning-files.ts';

const common = { resolve: { alias: aliases } };

/**
 * Workers per group on the 2-core machine (Vitest's own default there is one: cores - 1). The unit
 * and int files share one pool, two files at a time: int files mostly wait (a server's answer, a
 * spawned process), unit files fill the gaps; three at a time starved the spawning int files
 * (a tsx start of 10 s and more) on a loaded machine. Browser files come after, two at a time
 * against one shared Chromium. Measured in README ('How long the tests take').
 * RIPOSTE_TEST_WORKERS / RIPOSTE_E2E_WORKERS override them (to measure, or on a bigger machine).
 */
const workers = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const NODE_WORKERS = workers('RIPOSTE_TEST_WORKERS', 2);
const E2E_WORKERS = workers('RIPOSTE_E2E_WORKERS', 2);

/**
 * The int files that start processes (a server, the scheduler, the CLI's entry point) run in a
 * group of their own, one file at a time, after the browser files: beside another worker on the
 * 2-core machine their process starts (10 s and more under load) ran past their waits. The rest
 * of int runs in the test's own process, two at a time. `npm run test:quick`
 * (RIPOSTE_TEST_QUICK=1) leaves the spawning group to `npm test`.
 */
const spawning = spawningIntTests(fileURLToPath(new URL('.', import.meta.url)), ['core', 'adapters', 'apps', 'tests']);
const intExclude = [...configDefaults.exclude, ...spawning];

export const projects: TestProjectInlineConfiguration[] = [
  {
    ...common,
    test: {
      name: 'unit',
      include: ['{core,adapters,apps,tests}/**/*.unit.test.{ts,tsx}'],
      environment: 'node',
      // Pure work, no waiting: the budget only catches a hang. Properties of 1,000 runs take 2 s on
      // a quiet core and over 11 s on a loaded 2-core machine (Vitest's default is 5 s).
      testTimeout: 60_000,
      // The unit files share their worker's modules instead of importing the graph again for each
      // file (most of the unit run was imports): they mock nothing, change no globals or env, and
      // keep no state between files. Measured in README ('The test tiers').
      isolate: false,
      maxWorkers: NODE_WORKERS,
      sequence: { groupOrder: 0 },
    },
  },
  {
    ...common,
    test: {
      name: 'int',
      include: ['{core,adapters,apps,tests}/**/*.int.test.{ts,tsx}'],
      exclude: intExclude,
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: NODE_WORKERS,
      sequence: { groupOrder: 0 },
    },
  },
  {
    ...common,
    test: {
      name: 'e2e',
      include: ['tests/e2e/**/*.e2e.test.ts'],
      environment: 'node',
      // Each step waits for its state (Playwright's 30 s per wait catches a hang); the whole test's
      // budget only has to outlast a slow machine: the longest takes 25 s on the shared 2-core machine
      // and over 60 s on a third of a loaded core.
      testTimeout: 180_000,
      hookTimeout: 120_000,
      // expect.poll waits for a state like Playwright's waits do: 1 s (Vitest's default) is a
      // moment, not a state, and a page on a loaded 2-core machine can take longer to show its list.
      expect: { poll: { timeout: 15_000 } },
      // After the unit and int files, a few files at a time; one Chromium for the whole run
      // (launched by the global setup, each file connects with fresh contexts).
      maxWorkers: E2E_WORKERS,
      sequence: { groupOrder: 1 },
      globalSetup: ['tests/e2e/support/chromium.global.ts'],
    },
  },
  ...(process.env.RIPOSTE_TEST_QUICK === '1'
    ? []
    : [
        {
          ...common,
          test: {
            name: 'int-processes',
            include: spawning,
            environment: 'node' as const,
            testTimeout: 30_000,
            hookTimeout: 60_000,
            maxWorkers: 1,
            sequence: { groupOrder: 2 },
          },
        },
      ]),
];

export default projects;

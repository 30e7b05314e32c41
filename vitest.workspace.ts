// The source of truth for the test projects. Vitest 4 reads projects from the root config,
// so vitest.config.ts imports this list (see docs/adr/0002-tooling.md).
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { aliases } from './aliases.ts';

const common = { resolve: { alias: aliases } };

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
    },
  },
  {
    ...common,
    test: {
      name: 'int',
      include: ['{core,adapters,apps,tests}/**/*.int.test.{ts,tsx}'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
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
      // One browser at a time on a 2-core machine.
      fileParallelism: false,
    },
  },
];

export default projects;

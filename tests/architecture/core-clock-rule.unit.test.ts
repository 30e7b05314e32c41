// The lint rule that keeps core off the clock, proven on a bad fixture: ESLint with the project's
// own config reads the fixture as if it were a core file (and as a core test, where it is allowed).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = readFileSync(new URL('./fixtures/bad-core/core/scheduling/reads-clock.ts', import.meta.url), 'utf8');

const clockFindings = async (asFile: string) => {
  const [result] = await new ESLint({ cwd: root }).lintText(fixture, { filePath: `${root}${asFile}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}: ${m.message}`);
};

describe('core does not read the clock (lint)', () => {
  it('flags Date.now(), new Date() and Date() in a core file, and only those', async () => {
    expect(await clockFindings('core/scheduling/reads-clock.ts')).toEqual([
      '2: core/ is pure: take the time as an argument instead of new Date().',
      '3: core/ is pure: take the time as an argument instead of Date.now().',
      '4: core/ is pure: take the time as an argument instead of Date().',
    ]);
  });

  it('leaves core tests and other layers alone', async () => {
    expect(await clockFindings('core/scheduling/reads-clock.unit.test.ts')).toEqual([]);
    expect(await clockFindings('adapters/scheduler/reads-clock.ts')).toEqual([]);
  });
});

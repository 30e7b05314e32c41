import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/import-cycle', import.meta.url));

describe('no import circle', () => {
  it('holds for core, adapters and apps, type-only imports included', () => {
    expect(findImportCycles(root)).toEqual([]);
  });

  it('finds circles through relative, aliased and folder imports (fixture tree)', () => {
    expect(findImportCycles(fixture)).toEqual([
      ['apps/server/src/deps.ts', 'apps/server/src/x/index.ts'],
      ['core/things/a.ts', 'core/things/b.ts'],
    ]);
  });
});

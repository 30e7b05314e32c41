import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImport, findViolations, importsOf } from './dependency-rule';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/bad-core', import.meta.url));

describe('dependency rule', () => {
  it('holds for the whole tree', () => {
    expect(findViolations(root)).toEqual([]);
  });

  it('fails on deliberately bad imports (fixture tree)', () => {
    const found = findViolations(fixture);
    expect(found.map((v) => `${v.file} -> ${v.specifier}`).sort()).toEqual([
      'adapters/x/reaches-app.ts -> @apps/server/src/start',
      'core/users/leaky.ts -> @adapters/eventstore-sqlite/store',
      'core/users/leaky.ts -> node:fs',
    ]);
  });

  it('allows what the design allows', () => {
    const f = (p: string) => `${root}${p}`;
    expect(checkImport(root, f('core/users/decider.ts'), 'zod')).toBeNull();
    expect(checkImport(root, f('core/users/decider.ts'), 'luxon')).toBeNull();
    expect(checkImport(root, f('core/users/decider.ts'), '@core/shared/errors')).toBeNull();
    expect(checkImport(root, f('core/users/decider.unit.test.ts'), 'fast-check')).toBeNull();
    expect(checkImport(root, f('core/users/projection.unit.test.ts'), 'better-sqlite3')).toBeNull();
    expect(checkImport(root, f('adapters/x/client.ts'), '@core/x/port')).toBeNull();
    expect(checkImport(root, f('apps/server/src/app.ts'), '@adapters/x/client')).toBeNull();
    expect(checkImport(root, f('tests/api/x.int.test.ts'), '@apps/server/src/start')).toBeNull();
  });

  it('refuses what the design forbids', () => {
    const f = (p: string) => `${root}${p}`;
    expect(checkImport(root, f('core/users/decider.ts'), 'react')).toMatch(/only zod and luxon/);
    expect(checkImport(root, f('core/users/projection.ts'), 'better-sqlite3')).toMatch(/only zod and luxon/);
    expect(checkImport(root, f('core/users/projection.unit.test.ts'), 'koa')).toMatch(/only zod and luxon/);
    expect(checkImport(root, f('core/users/decider.ts'), 'crypto')).toMatch(/node built-ins/);
    expect(checkImport(root, f('core/users/decider.ts'), '../../adapters/x')).toMatch(/must not import adapters/);
    expect(checkImport(root, f('apps/web/src/main.tsx'), '@adapters/x/client')).toMatch(/browser/);
    expect(checkImport(root, f('apps/server/src/app.ts'), '@apps/cli/src/main')).toMatch(/another app/);
    expect(checkImport(root, f('adapters/x/client.ts'), '../../apps/server/src/start')).toMatch(/must not import apps/);
  });

  it('reads every import form and ignores comments', () => {
    const src = [
      "import a from 'a';",
      "import type { B } from 'b';",
      "export { c } from './c';",
      "import 'side-effect';",
      "const d = await import('d');",
      "// import nope from 'commented';",
      "/* import nope2 from 'block'; */",
      "import {\n  e,\n  f,\n} from 'ef';",
    ].join('\n');
    expect(importsOf(src).sort()).toEqual(['./c', 'a', 'b', 'd', 'ef', 'side-effect']);
  });
});

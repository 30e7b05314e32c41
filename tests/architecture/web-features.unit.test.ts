// The web app's one-way feature imports (eslint.config.js), proven by linting small files placed at
// paths inside apps/web/src: ESLint applies the same per-folder configuration as `npm run lint`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const features = readdirSync(`${root}apps/web/src/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** The import-rule messages for `source` linted as if it were the file at `path`. */
async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importing = (specifier: string) => `import { value } from '${specifier}';`;

describe('web features import one way', () => {
  it('refuses a deep import into another feature, even one the list allows', async () => {
    expect(await refusals('apps/web/src/features/calendar/bad.ts', importing('@web/features/schedules/api/schedules'))).toEqual([
      expect.stringMatching(/only through its index.*calendar may import: schedules/),
    ]);
  }, 30_000);

  it('refuses a feature the list does not name, index or not', async () => {
    expect(await refusals('apps/web/src/features/calendar/bad.ts', importing('@web/features/templates'))).toHaveLength(1);
    expect(await refusals('apps/web/src/features/templates/bad.ts', importing('@web/features/schedules'))).toEqual([
      expect.stringMatching(/templates has none listed/),
    ]);
    expect(await refusals('apps/web/src/features/templates/components/bad.tsx', importing('@web/features/auth/api/email'))).toHaveLength(1);
  });

  it('refuses climbing out of a feature with ../, and a feature importing app/', async () => {
    expect(await refusals('apps/web/src/features/calendar/views/bad.ts', importing('../../schedules/api/schedules'))).toEqual([
      expect.stringMatching(/@web\/ alias/),
    ]);
    expect(await refusals('apps/web/src/features/calendar/bad.ts', importing('@web/app/routes'))).toEqual([expect.stringMatching(/app\/ composes/)]);
  });

  it('refuses shared folders importing a feature or app/', async () => {
    expect(await refusals('apps/web/src/components/bad.tsx', importing('@web/features/auth'))).toEqual([expect.stringMatching(/Shared folders/)]);
    expect(await refusals('apps/web/src/hooks/bad.ts', importing('../features/schedules/api/schedules'))).toHaveLength(1);
    expect(await refusals('apps/web/src/lib/bad.ts', importing('@web/app/router'))).toHaveLength(1);
  });

  it('allows the feature itself, shared folders, core, app importing features, and a listed index', async () => {
    const fine: [string, string][] = [
      ['apps/web/src/features/calendar/ok.ts', '@web/features/calendar/occurrences'],
      ['apps/web/src/features/calendar/ok.ts', './occurrences'],
      ['apps/web/src/features/calendar/ok.ts', '@web/features/schedules'],
      ['apps/web/src/features/schedule-forms/v2/ok.ts', '@web/components/field'],
      ['apps/web/src/features/schedule-forms/v2/ok.ts', '@web/hooks/use-now'],
      ['apps/web/src/features/schedule-forms/v2/ok.ts', '@web/lib/auth'],
      ['apps/web/src/features/schedule-forms/v2/ok.ts', '@core/scheduling/views'],
      ['apps/web/src/app/ok.tsx', '@web/features/schedule-forms/v2/v2-page'],
      ['apps/web/src/hooks/ok.ts', '@web/lib/api'],
    ];
    for (const [path, specifier] of fine) expect(await refusals(path, importing(specifier)), `${path} -> ${specifier}`).toEqual([]);
  });

  it('names a small one-way graph: the allowed feature-to-feature imports, with no cycle', async () => {
    const edges: string[] = [];
    for (const from of features) {
      for (const to of features) {
        if (from === to) continue;
        const refused = await refusals(`apps/web/src/features/${from}/probe.ts`, importing(`@web/features/${to}`));
        if (refused.length === 0) edges.push(`${from} -> ${to}`);
      }
    }
    expect(edges).toEqual([
      'calendar -> schedules',
      'dashboard -> replies',
      'mailbox -> auth',
      'schedule-forms -> schedules',
      'scheduler-test -> connected-accounts',
      'scheduler-test -> replies',
      'scheduler-test -> schedules',
      'schedules -> connected-accounts',
      'schedules -> replies',
      'schedules -> templates',
      'settings -> billing',
      'shell -> auth',
      'shell -> replies',
      'subscription -> billing',
    ]);
    // One way: following the edges from any feature never leads back to it.
    const next = (f: string) => edges.filter((e) => e.startsWith(`${f} -> `)).map((e) => e.split(' -> ')[1] ?? '');
    const reaches = (from: string, seen = new Set<string>()): Set<string> => {
      for (const to of next(from)) if (!seen.has(to)) reaches(to, seen.add(to));
      return seen;
    };
    for (const f of features) expect(reaches(f).has(f), `${f} reaches itself`).toBe(false);
  }, 60_000);
});

// The design's dependency rule as code: core imports only zod and luxon; adapters import core
// (and libraries); apps import core and adapters; nothing imports apps; apps don't import each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

type Target =
  | { kind: 'layer'; layer: 'core' | 'adapters' | 'tests' | 'bench' | 'other'; app?: undefined }
  | { kind: 'layer'; layer: 'apps'; app: string }
  | { kind: 'package'; name: string }
  | { kind: 'node' };

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

const ALIASES: Record<string, string> = {
  '@core/': 'core/',
  '@adapters/': 'adapters/',
  '@apps/': 'apps/',
  '@web/': 'apps/web/src/',
};

const layerOf = (relPath: string): Target => {
  const parts = relPath.split(/[\\/]/);
  const top = parts[0];
  if (top === 'apps') return { kind: 'layer', layer: 'apps', app: parts[1] ?? '' };
  if (top === 'core' || top === 'adapters' || top === 'tests' || top === 'bench') return { kind: 'layer', layer: top };
  return { kind: 'layer', layer: 'other' };
};

const packageName = (spec: string): string => {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec);
};

const classify = (root: string, file: string, spec: string): Target => {
  if (spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0] ?? '')) return { kind: 'node' };
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (spec.startsWith(alias)) return layerOf(dir + spec.slice(alias.length));
  }
  if (spec.startsWith('.')) return layerOf(relative(root, resolve(dirname(file), spec)));
  return { kind: 'package', name: packageName(spec) };
};

const describe = (t: Target): string =>
  t.kind === 'node' ? 'node built-ins' : t.kind === 'package' ? `package ${t.name}` : t.layer === 'apps' ? `apps/${t.app}` : t.layer;

/** The rule for one import; null when it is allowed. */
export const checkImport = (root: string, file: string, spec: string): string | null => {
  const from = layerOf(relative(root, file));
  const to = classify(root, file, spec);
  if (from.kind !== 'layer') return null;
  const isTest = TEST.test(file);

  if (to.kind === 'layer' && to.layer === 'apps') {
    if (from.layer === 'core' || from.layer === 'adapters') return `${from.layer}/ must not import apps (${describe(to)})`;
    if (from.layer === 'apps' && from.app !== to.app) return `apps/${from.app} must not import another app (${describe(to)})`;
  }
  if (from.layer === 'core') {
    // Tests of core may also run a projection's SQL on an in-memory SQLite database: the projection
    // itself stays pure (it returns SQL text and parameters), only its test executes them.
    const allowed = isTest ? ['zod', 'luxon', 'vitest', 'fast-check', 'better-sqlite3'] : ['zod', 'luxon'];
    if (to.kind === 'node') return `core/ must not import node built-ins (${spec})`;
    if (to.kind === 'package' && !allowed.includes(to.name)) return `core/ may import only zod and luxon, not ${describe(to)}`;
    if (to.kind === 'layer' && to.layer !== 'core') return `core/ must not import ${describe(to)}`;
  }
  if (from.layer === 'apps' && from.app === 'web' && !isTest) {
    if (to.kind === 'layer' && to.layer === 'adapters') return 'apps/web runs in the browser: it may not import adapters';
  }
  return null;
};

const walk = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
};

export const importsOf = (source: string): string[] => {
  const specs: string[] = [];
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const m of withoutComments.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec) specs.push(spec);
  }
  return specs;
};

/** Every violation in the tree under `root`, looking at the layers core, adapters and apps. */
export const findViolations = (root: string, layers = ['core', 'adapters', 'apps']): Violation[] => {
  const violations: Violation[] = [];
  for (const layer of layers) {
    let files: string[];
    try {
      files = walk(join(root, layer));
    } catch {
      continue;
    }
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const rule = checkImport(root, file, specifier);
        if (rule) violations.push({ file: relative(root, file).split(sep).join('/'), specifier, rule });
      }
    }
  }
  return violations;
};

// No import circle in the product's code (core, adapters, apps), type-only imports included: a
// circle means two modules that cannot be understood, tested or moved apart, and at run time an
// import that may see the other half not yet evaluated. Test code is left out (a test may import
// what it tests and its helpers in any order).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { productSources, TEST_CODE } from './product-sources';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importsOf } from './dependency-rule';

const ALIASES: Record<string, string> = { '@core/': 'core/', '@adapters/': 'adapters/', '@apps/': 'apps/', '@web/': 'apps/web/src/' };

/** The file an import names, or null for a package or a file outside the tree. */
const resolveImport = (root: string, from: string, spec: string): string | null => {
  let base: string | null = null;
  for (const [alias, dir] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = join(root, dir + spec.slice(alias.length));
  if (base === null && spec.startsWith('.')) base = resolve(dirname(from), spec);
  if (base === null) return null;
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
};

/** Every import circle, each as the files on it (relative, forward slashes), smallest first. */
export const findImportCycles = (root: string, layers: readonly string[] = ['core', 'adapters', 'apps']): string[][] => {
  const files = productSources(root, layers).map((f) => join(root, f));
  const rel = (f: string) => relative(root, f).split(sep).join('/');
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(root, file, spec))
      .filter((t): t is string => t !== null && !TEST_CODE.test(rel(t)));
    edges.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: a component of two or more files (or a file importing
  // itself) is a circle.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) cycles.push(component.map(rel).sort());
    }
  };
  for (const file of files) if (!indices.has(file)) visit(file);
  return cycles.sort((a, b) => a.length - b.length || (a[0] ?? '').localeCompare(b[0] ?? ''));
};

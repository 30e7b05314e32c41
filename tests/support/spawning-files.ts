/**
 * The int test files that start processes (a server, the scheduler, the CLI, a second Node): the
 * ones `npm run test:quick` leaves to `npm test`. Found, not listed, so a new spawning test joins
 * them by itself: a file that imports node:child_process, or imports a test module of its own
 * (a relative import) that does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SPAWNS = /from ['"](node:)?child_process['"]/;
const RELATIVE_IMPORT = /from ['"](\.{1,2}\/[^'"]+)['"]/g;

const spawns = (file: string, depth: number): boolean => {
  const text = readFileSync(file, 'utf8');
  if (SPAWNS.test(text)) return true;
  if (depth === 0) return false;
  for (const [, spec] of text.matchAll(RELATIVE_IMPORT)) {
    const base = resolve(dirname(file), spec!);
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => /\.tsx?$/.test(p) && existsSync(p));
    if (target !== undefined && spawns(target, depth - 1)) return true;
  }
  return false;
};

/** Paths relative to `root` of the `*.int.test.ts(x)` files under `dirs` that spawn processes. */
export const spawningIntTests = (root: string, dirs: readonly string[]): string[] =>
  dirs
    .flatMap((dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(root, dir, f)) : []))
    .filter((f) => /\.int\.test\.tsx?$/.test(f) && !f.includes('node_modules') && spawns(f, 2))
    .map((f) => relative(root, f))
    .sort();

// The product's source files an architecture rule reads: TypeScript under the given layers, without
// test code (tests, their support files, fixtures and test data), as paths relative to `root` with
// forward slashes. A layer the tree lacks (a fixture) has nothing to read.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SOURCE = /\.(ts|tsx)$/;
export const TEST_CODE = /(\.test\.tsx?$|\.support\.tsx?$|(^|\/)(testing|fixtures)\/)/;

export const productSources = (root: string, layers: readonly string[]): string[] => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name)) files.push(relative(root, path).split(sep).join('/'));
    }
  };
  for (const layer of layers) if (existsSync(join(root, layer))) walk(join(root, layer));
  return files.filter((f) => !TEST_CODE.test(f));
};

// One list of import aliases for Vite, Vitest and (mirrored) tsconfig.json "paths".
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const aliases = {
  '@core': here('./core'),
  '@adapters': here('./adapters'),
  '@apps': here('./apps'),
  '@web': here('./apps/web/src'),
};

// Each read model has one owner (docs/adr/0018-read-model-ownership.md): a table created by a
// capability's projection (core/<capability>/projection.ts) is named in SQL only there and in that
// capability's read module (adapters/read-models/<capability>.ts). Everyone else calls the read
// module's query functions. This file finds SQL that names another capability's table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface OwnershipViolation {
  /** Path relative to the scanned root, with forward slashes. */
  file: string;
  line: number;
  table: string;
  owner: string;
}

const SOURCE = /\.(ts|tsx)$/;
/** Test code may build any table it needs: tests, their support files, fixtures and test data. */
const TEST_CODE = /(\.test\.tsx?$|\.support\.ts$|(^|\/)test-support\.ts$|(^|\/)test-fixtures\.ts$|(^|\/)(testing|fixtures)\/)/;
const CREATE_TABLE = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["`[]?([A-Za-z_]\w*)/gi;
const CREATE_INDEX = /\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?\w+\s+ON\s+["`[]?([A-Za-z_]\w*)/gi;
/** Where SQL names a table: FROM, JOIN, INTO (INSERT, REPLACE), UPDATE, and TABLE (CREATE, ALTER, DROP). */
const NAMES_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?["`[]?([A-Za-z_]\w*)/gi;

/** The tables a projection's DDL creates or indexes (CREATE TABLE t, CREATE INDEX i ON t). */
export const tablesOfSchema = (ddl: readonly string[] | string): Set<string> => {
  const text = typeof ddl === 'string' ? ddl : ddl.join('\n');
  const tables = new Set<string>();
  for (const pattern of [CREATE_TABLE, CREATE_INDEX]) for (const m of text.matchAll(pattern)) if (m[1]) tables.add(m[1]);
  return tables;
};

/**
 * What the source holds in string and template literals, everything else blanked (code, JSX text,
 * comments), keeping every newline so line numbers stay true. SQL lives in strings; prose in a
 * comment or a page ("removed from replies") is not SQL. A small scanner rather than a regex, so a
 * `//` inside a string is not taken for a comment.
 */
export const stringsOf = (source: string): string => {
  let out = '';
  let quote: string | null = null;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i] ?? '';
    if (quote !== null) {
      if (c === '\\') {
        out += c + (source[i + 1] ?? '');
        i += 1;
      } else if (c === quote) {
        quote = null;
        out += ' ';
      } else out += c;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c;
      out += ' ';
    } else if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop - 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop - 1;
    } else out += blank(c);
  }
  return out;
};

const walk = (dir: string, out: string[] = []): string[] => {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist' || name === 'peer' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
};

const rel = (root: string, file: string) => relative(root, file).split(sep).join('/');

export interface ReadModelOwners {
  /** table -> owning capability (the core folder whose projection creates it). */
  owners: Map<string, string>;
  /** capability -> the core files whose DDL creates its tables. */
  projectionFiles: Map<string, string[]>;
}

/** Who owns which table, read from the DDL in core/<capability>/ (non-test files). */
export const readModelOwners = (root: string): ReadModelOwners => {
  const owners = new Map<string, string>();
  const projectionFiles = new Map<string, string[]>();
  for (const file of walk(join(root, 'core'))) {
    const path = rel(root, file);
    if (TEST_CODE.test(path)) continue;
    const capability = path.split('/')[1] ?? '';
    const tables = tablesOfSchema(stringsOf(readFileSync(file, 'utf8')));
    if (tables.size === 0) continue;
    projectionFiles.set(capability, [...(projectionFiles.get(capability) ?? []), path]);
    for (const table of tables) {
      const earlier = owners.get(table);
      if (earlier !== undefined && earlier !== capability) throw new Error(`table ${table} is created by two capabilities: ${earlier} and ${capability}`);
      owners.set(table, capability);
    }
  }
  return { owners, projectionFiles };
};

/** The read module of a capability: adapters/read-models/<capability>.ts (or a folder of that name). */
export const readModulePath = (capability: string): string => `adapters/read-models/${capability}.ts`;

const mayName = (path: string, capability: string, projectionFiles: readonly string[]): boolean =>
  projectionFiles.includes(path) || path === readModulePath(capability) || path.startsWith(`adapters/read-models/${capability}/`);

/**
 * Every place, outside test code, where SQL in apps/, adapters/, core/ or bench/ names a table it
 * does not own. apps/web is left out: it runs in the browser and cannot reach the read database.
 */
export const findOwnershipViolations = (root: string, layers = ['apps', 'adapters', 'core', 'bench']): OwnershipViolation[] => {
  const { owners, projectionFiles } = readModelOwners(root);
  const violations: OwnershipViolation[] = [];
  for (const layer of layers) {
    for (const file of walk(join(root, layer))) {
      const path = rel(root, file);
      if (TEST_CODE.test(path) || path.startsWith('apps/web/')) continue;
      const source = stringsOf(readFileSync(file, 'utf8'));
      for (const m of source.matchAll(NAMES_TABLE)) {
        const table = m[1] ?? '';
        const owner = owners.get(table);
        if (owner === undefined || mayName(path, owner, projectionFiles.get(owner) ?? [])) continue;
        const line = source.slice(0, m.index).split('\n').length;
        violations.push({ file: path, line, table, owner });
      }
    }
  }
  return violations;
};

/**
 * The event types of core, derived from the sources rather than kept by hand: the TypeScript
 * checker reads every exported `…Event` union in core and collects, per member, the string literal
 * of its `type` and the dotted paths of its `data` (`a.b`, `items[].c`). The audit's wording and
 * secret declarations are both checked against this (audit-wording, audit-secrets).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const CORE = resolve(import.meta.dirname, '../../core');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });

export interface EventUnions {
  /** The `type` literals of each union, by `file:UnionName`. */
  unions: Map<string, string[]>;
  /** The data paths of each event type (all unions declaring it together). */
  fields: Map<string, Set<string>>;
}

const MAX_DEPTH = 6;

export const eventUnionsInCore = (): EventUnions => {
  const files = sourceFiles(CORE);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    baseUrl: resolve(CORE, '..'),
    paths: { '@core/*': ['core/*'] },
  });
  const checker = program.getTypeChecker();
  const isLeaf = (t: ts.Type) =>
    (t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined)) !== 0 ||
    (t.isIntersection() && t.types.some((part) => (part.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike)) !== 0));
  const pathsOf = (type: ts.Type, at: ts.Node, prefix: string, depth: number, out: Set<string>): void => {
    if (depth > MAX_DEPTH) return;
    for (const t of type.isUnion() ? type.types : [type]) {
      if (isLeaf(t)) continue;
      if (checker.isArrayType(t)) {
        const item = checker.getTypeArguments(t as ts.TypeReference)[0];
        if (item !== undefined) pathsOf(item, at, `${prefix}[]`, depth + 1, out);
        continue;
      }
      if ((t.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) === 0) continue;
      for (const prop of checker.getPropertiesOfType(t)) {
        const path = prefix === '' ? prop.name : `${prefix}.${prop.name}`;
        out.add(path);
        pathsOf(checker.getTypeOfSymbolAtLocation(prop, at), at, path, depth + 1, out);
      }
    }
  };
  const unions = new Map<string, string[]>();
  const fields = new Map<string, Set<string>>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) continue;
    for (const statement of source.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || !/Event$/.test(statement.name.text)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      const type = checker.getTypeAtLocation(statement.name);
      const literals: string[] = [];
      for (const member of type.isUnion() ? type.types : [type]) {
        const prop = member.getProperty('type');
        if (prop === undefined) continue;
        const t = checker.getTypeOfSymbolAtLocation(prop, statement);
        const names = (t.isUnion() ? t.types : [t]).filter((x) => x.isStringLiteral()).map((x) => (x as ts.StringLiteralType).value);
        literals.push(...names);
        const data = member.getProperty('data');
        for (const name of names) {
          const paths = fields.get(name) ?? new Set<string>();
          if (data !== undefined) pathsOf(checker.getTypeOfSymbolAtLocation(data, statement), statement, '', 0, paths);
          fields.set(name, paths);
        }
      }
      if (literals.length > 0) unions.set(`${source.fileName.slice(CORE.length + 1)}:${statement.name.text}`, literals);
    }
  }
  return { unions, fields };
};

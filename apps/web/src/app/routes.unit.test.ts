// The route tables in routes.ts are what the browser's accessibility audit visits and what gives
// each page its title; the routers must route exactly those patterns, so no page escapes either.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentTitle, pageTitles, publicPatterns, signedInPatterns } from '@web/app/routes';
import { comingNextPatterns } from '@web/app/coming-next-patterns';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const routedPaths = (text: string) => [...text.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]);

// wouter's default parser, enough for literal paths and one :param.
const parser = (pattern: string) => {
  const keys: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_m, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), keys };
};

describe('the route tables', () => {
  it('list every path the public router routes, and nothing else', () => {
    expect(routedPaths(source('./router.tsx')).sort()).toEqual([...publicPatterns].sort());
  });

  it('list every path the signed-in area routes, and nothing else', () => {
    const routed = [...routedPaths(source('./signed-in-area.tsx')), ...comingNextPatterns];
    expect(routed.sort()).toEqual([...signedInPatterns].sort());
  });

  it('refuses a router path missing from the tables (the check above sees it)', () => {
    const bad = `${source('./router.tsx')}\n<Route path="/new-page" component={X} />`;
    expect(routedPaths(bad)).toContain('/new-page');
    expect(publicPatterns as readonly string[]).not.toContain('/new-page');
  });

  it('gives each page its own title, and unknown addresses the not-found title', () => {
    expect(documentTitle(parser, '/dashboard')).toBe('Dashboard · Riposte');
    expect(documentTitle(parser, '/schedule-replies/abc')).toBe('Schedule details · Riposte');
    expect(documentTitle(parser, '/')).toBe(pageTitles['/']);
    expect(documentTitle(parser, '/nowhere')).toBe('Page not found · Riposte');
    for (const title of Object.values(pageTitles)) expect(title.trim()).not.toBe('');
  });
});

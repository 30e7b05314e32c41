// axe-core in the page under test: injected from node_modules with playwright-core's addScriptTag
// (the context must bypass the page's Content-Security-Policy, which refuses inline scripts), then
// axe.run over the whole document.
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/** A context for audits: its own cookies, CSP bypassed so axe's script tag may run. */
export function auditContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, timezoneId: 'Europe/Paris', locale: 'en-US', bypassCSP: true, reducedMotion: 'reduce' });
}

/** The serious and critical violations of WCAG 2.x A/AA and axe's best practices on the page as it is. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    type Node = { target: unknown[]; html: string; any: { data?: { contrastRatio?: number; fgColor?: string; bgColor?: string } | null }[] };
    type Result = { id: string; impact: string | null; help: string; nodes: Node[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
      iframes: false,
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 4).map((n) => {
          const contrast = n.any[0]?.data?.contrastRatio;
          const colours = contrast === undefined ? '' : ` ${n.any[0]?.data?.fgColor} on ${n.any[0]?.data?.bgColor} = ${contrast}`;
          return `${n.target.join(' ')} ${n.html.slice(0, 90)}${colours}`;
        }),
      }));
  });
}

export function describeFindings(where: string, findings: AxeFinding[]): string {
  return findings.map((f) => `${where}: [${f.impact}] ${f.id} (${f.help}) at ${f.targets.join(' | ')}`).join('\n');
}

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

/**
 * Waits for the page's finite animations and transitions to end (a button just enabled fades from
 * half opacity for 150 ms: axe reading its colours then sees a contrast the page never rests at).
 * Endless ones (spinners) are not waited for; a bound keeps a page that keeps animating moving.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Serious findings seen twice in a row: axe takes seconds on a busy machine, and a control that
 * the page enables while axe reads it (disabled, then not) is a race of the audit, not the page.
 */
export async function stableViolations(page: Page): Promise<AxeFinding[]> {
  await transitionsDone(page);
  const first = await seriousViolations(page);
  if (first.length === 0) return first;
  await transitionsDone(page);
  const again = new Set((await seriousViolations(page)).map((f) => `${f.id} ${f.targets.join()}`));
  return first.filter((f) => again.has(`${f.id} ${f.targets.join()}`));
}

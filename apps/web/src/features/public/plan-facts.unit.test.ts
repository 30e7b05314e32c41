// The plan pages say what each plan's AI writer sees, and no more: the words come from the rule
// the scheduler follows (core/ai/context.ts), and no page of the web app claims a context-aware
// writer for a plan whose writer is not.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AI_CONTEXT_PARTS, AI_CONTEXT_WORDS, AI_PLAN_NAMES, aiPlanLine, isContextAware, seesContext, type AiPlan } from '@core/ai/context';
import { COMPARISON, PREMIUM_CONTENTS, TRIAL_CONTENTS } from './plan-facts';

const pageText: Record<AiPlan, string> = {
  trial: [...TRIAL_CONTENTS.map((l) => l.text), ...COMPARISON.map((r) => String(r.free))].join('\n'),
  premium: [...PREMIUM_CONTENTS, ...COMPARISON.map((r) => String(r.premium))].join('\n'),
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });

describe("the plans' AI, as the pages say it", () => {
  it.each(['trial', 'premium'] as const)('%s: names every part of the context its writer sees, and none it does not', (plan) => {
    expect(pageText[plan]).toContain(aiPlanLine(plan));
    for (const part of AI_CONTEXT_PARTS) {
      expect(pageText[plan].includes(AI_CONTEXT_WORDS[part]), `${plan} ${part}`).toBe(seesContext(plan, part));
    }
  });

  it("claims 'context-aware' only for a plan whose writer is", () => {
    expect(isContextAware('premium')).toBe(true);
    expect(isContextAware('trial')).toBe(false);
    expect(pageText.trial).not.toMatch(/context-aware|same (AI )?writer/i);
    // Every screen that claims it speaks of Premium, which the rule makes context-aware.
    const claims = sources(join(import.meta.dirname, '..', '..')).filter((path) => /context-aware/i.test(readFileSync(path, 'utf8')));
    expect(claims.length).toBeGreaterThan(0);
    for (const path of claims) expect(readFileSync(path, 'utf8'), path).toMatch(/Premium/);
    expect(AI_PLAN_NAMES.premium).toMatch(/context-aware/i);
  });
});

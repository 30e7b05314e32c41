import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameTextForm } from '@core/text/same-text';
import { variation } from '@core/text/spintax';
import type { TemplateForReply } from './rules/text';
import { MAX_TEXT_CHOICES, runsBeforeRepeat, textChoices, type RunTextFacts, type TextChoice } from './rules/text-choices';
import { textSource } from './rules/text';
import { X_DUPLICATE_WINDOW_MS } from './rules/timing';
import { textConflict, type TextUse } from './text-usage';

const DAY = 86_400_000;
const tpl = (content: string, o: Partial<TemplateForReply> = {}): TemplateForReply => ({ content, isActive: true, useAI: false, viralStyle: 'hot_take', imageUrl: null, ...o });
const noLookups = { templatesById: new Map<string, TemplateForReply>(), groupTemplateIds: () => null };
const fixed = (text: string, runCount = 0): RunTextFacts => ({ content: { kind: 'text', text }, lastTemplateIndex: 0, runCount });
const texts = (choices: Iterable<TextChoice>) => [...choices].map((c) => c.text);

describe('textChoices (what a run tries, in order)', () => {
  it('a fixed text with variations starts at the run number and offers each distinct text once', () => {
    expect(texts(textChoices(fixed('{Great|Sharp|Fair} point', 1), noLookups))).toEqual(['Sharp point', 'Fair point', 'Great point']);
    expect(texts(textChoices(fixed('{Great|great|Sharp} point'), noLookups))).toEqual(['Great point', 'Sharp point']);
    expect(texts(textChoices(fixed('Plain text'), noLookups))).toEqual(['Plain text']);
  });

  it('an AI text offers fresh writings with seeds that differ from run to run', () => {
    const ai = (runCount: number): RunTextFacts => ({ content: { kind: 'ai', style: 'hot_take', baseText: '{Good|Fair} point' }, lastTemplateIndex: 0, runCount });
    const first = [...textChoices(ai(0), noLookups)];
    const second = [...textChoices(ai(1), noLookups)];
    expect(first.map((c) => [c.kind, c.text])).toEqual([['ai', 'Good point'], ['ai', 'Good point'], ['ai', 'Good point']]);
    expect(second.map((c) => c.text)).toEqual(['Fair point', 'Fair point', 'Fair point']);
    expect(new Set([...first, ...second].map((c) => c.attempt)).size).toBe(6);
  });

  it("a group offers the rotation's next template first, then the others in order, and records the cursor after the one taken", () => {
    const templatesById = new Map([
      ['t1', tpl('One')],
      ['t2', tpl('Two', { isActive: false })],
      ['t3', tpl('{Three|3 of them}')],
      ['t4', tpl('Four', { useAI: true })],
    ]);
    const lookups = { templatesById, groupTemplateIds: (id: string) => (id === 'g' ? ['t1', 't2', 't3', 't4'] : null) };
    const facts: RunTextFacts = { content: { kind: 'template_group', templateGroupId: 'g' }, lastTemplateIndex: 2, runCount: 0 };
    const choices = [...textChoices(facts, lookups)];
    expect(choices.map((c) => [c.templateId, c.text, c.nextTemplateIndex])).toEqual([
      ['t3', 'Three', 3],
      ['t3', '3 of them', 3],
      ['t4', 'Four', 0],
      ['t4', 'Four', 0],
      ['t4', 'Four', 0],
      ['t1', 'One', 1],
    ]);
    const first = textSource(facts, lookups);
    expect(first.kind !== 'none' && [first.templateId, first.nextTemplateIndex]).toEqual(['t3', 3]);
    // The next lap moves each template on to its next variation.
    expect([...textChoices({ ...facts, runCount: 3 }, lookups)][0]?.text).toBe('3 of them');
  });

  it('never offers more than MAX_TEXT_CHOICES, however many variations a text has', () => {
    const huge = Array.from({ length: 10 }, (_, i) => `{a${i}|b${i}}`).join(' ');
    expect([...textChoices(fixed(huge), noLookups)]).toHaveLength(MAX_TEXT_CHOICES);
    expect(runsBeforeRepeat(huge)).toEqual({ runs: 1024, exact: true });
    expect(runsBeforeRepeat('Same {text|TEXT!}')).toEqual({ runs: 1, exact: true });
  });

  it('property: the first choice is what the run would post before any repeat, and the distinct choices are the distinct variations', () => {
    const alt = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,5}$/), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(alt, { minLength: 1, maxLength: 3 }), fc.nat(50), (parts, runCount) => {
        const text = parts.map((p) => (p.length === 1 ? (p[0] as string) : `{${p.join('|')}}`)).join(' ');
        const choices = texts(textChoices(fixed(text, runCount), noLookups));
        expect(choices[0]).toBe(variation(text, runCount));
        const forms = choices.map((c) => sameTextForm(c ?? ''));
        expect(new Set(forms).size).toBe(forms.length);
        expect(forms.length).toBe(Math.min(runsBeforeRepeat(text).runs, MAX_TEXT_CHOICES));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the pick against X (a model of its duplicate rule)', () => {
  /**
   * Runs of one account's schedules over a simulated month: each run takes its first choice that
   * textConflict allows, or is skipped. X, modelled as refusing any text whose form the account
   * posted in its window, must never refuse one.
   */
  it('property: daily and hourly schedules of fixed texts with variations never post what X would refuse, and skip only when every text was posted within the window', () => {
    const alt = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: 1, maxLength: 3 });
    const schedule = fc.record({ parts: fc.array(alt, { minLength: 1, maxLength: 2 }), everyHours: fc.constantFrom(6, 24, 48), offsetHours: fc.nat(23) });
    fc.assert(
      fc.property(fc.array(schedule, { minLength: 1, maxLength: 4 }), (schedules) => {
        const uses = new Map<string, TextUse[]>();
        const posted: { form: string; at: number }[] = [];
        const runs = schedules.flatMap((s, k) => {
          const text = s.parts.map((p) => (p.length === 1 ? (p[0] as string) : `{${p.join('|')}}`)).join(' ');
          return Array.from({ length: Math.floor((30 * 24) / s.everyHours) }, (_, i) => ({ k, text, at: (s.offsetHours + i * s.everyHours) * 3_600_000 }));
        });
        runs.sort((a, b) => a.at - b.at);
        const runCount = new Map<number, number>();
        let n = 0;
        for (const run of runs) {
          n += 1;
          const me = { connectedAccountId: 'x-1', userId: 'u1', targetAccountId: 't', replyId: `r${n}` };
          const choices = texts(textChoices(fixed(run.text, runCount.get(run.k) ?? 0), noLookups));
          const pick = choices.find((c) => textConflict(uses.get(sameTextForm(c ?? '')) ?? [], me, run.at) === null);
          if (pick === undefined || pick === null) {
            // Skipped: every text it could make was posted by the account within X's window (or ours).
            for (const c of choices) expect(uses.get(sameTextForm(c ?? ''))?.some((u) => run.at - Date.parse(u.at) < 8 * DAY)).toBe(true);
            continue;
          }
          const form = sameTextForm(pick);
          expect(posted.some((p) => p.form === form && run.at - p.at < X_DUPLICATE_WINDOW_MS)).toBe(false);
          posted.push({ form, at: run.at });
          uses.set(form, [...(uses.get(form) ?? []), { ...me, at: new Date(run.at).toISOString() }]);
          runCount.set(run.k, (runCount.get(run.k) ?? 0) + 1);
        }
      }),
      { numRuns: 40 },
    );
  });
});

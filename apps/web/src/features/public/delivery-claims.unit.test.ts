// The pages' delivery claims against the dispatcher's rule: the plan lines hold on every
// installation, so they claim nothing about how replies reach X; the try-it-free step says the
// rule's own sentence, which for each access level promises 'by themselves' only as far as
// chooseDelivery sends directly.
import { describe, expect, it } from 'vitest';
import { chooseDelivery, deliveryPromise } from '@core/replies/rules/delivery';
import type { XApiAccess } from '@core/x';
import { COMPARISON, letItRunText, PREMIUM_CONTENTS, TRIAL_CONTENTS } from './plan-facts';

const CLAIMS = /automated|by themselves|go(es)? out|posts? for you|hands-free/i;

describe("the pages' delivery claims", () => {
  it('the plan lines claim nothing about delivery', () => {
    const lines = [...PREMIUM_CONTENTS, ...TRIAL_CONTENTS.map((l) => l.text), ...COMPARISON.flatMap((r) => [r.feature, String(r.free), String(r.premium)])];
    expect(lines.filter((l) => CLAIMS.test(l))).toEqual([]);
  });

  it.each<XApiAccess>(['self_serve', 'enterprise'])('the try-it-free step keeps to what the dispatcher does on %s access', (access) => {
    const text = letItRunText(deliveryPromise('auto', access).sentence);
    const direct = ([true, false, 'unknown'] as const).map((summoned) => chooseDelivery({ setting: 'auto', access, summoned }).mode);
    // Some replies wait for the user on either access level: the text must say so.
    expect(direct).toContain('assisted');
    expect(text).toMatch(/one tap/);
    expect(text).not.toMatch(/^Replies go out at peak windows/);
  });

  it('without a delivery answer it claims nothing either', () => {
    expect(letItRunText(undefined)).not.toMatch(CLAIMS);
  });
});

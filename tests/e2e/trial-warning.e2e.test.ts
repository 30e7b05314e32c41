// The trial counted on X, in a real browser against the real server (ADR 0047): /trial-status says
// "N prepared, M posted, K left"; once as many replies are scheduled inside the trial as are left,
// Classic and V2 warn before one more is scheduled that it won't go out on the trial (at 1280 and
// 375 px). The counts are the server's own (GET /api/user/trial-status).
import { describe, expect, it } from 'vitest';
import { CSRF, json } from './support/api';
import { chromiumMissing, closeCleanTab, openTab, PHONE, snap } from './support/browser';
import { newUserWithX } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const WARNING = "This reply won't go out on the trial: your 25 trial replies are taken. It waits until you upgrade to Premium.";

describe.skipIf(skip !== null)('The trial warning', () => {
  const suite = browserSuite();

  it('shows the counts on /trial-status and warns on Classic and V2 once the scheduled replies fill the allowance', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    const { connectedAccountId, target } = await newUserWithX(page, 'trialwarn', 'trialwarn_x');
    await page.goto('/trial-status');
    await page.getByTestId('trial-summary').getByText('0 prepared, 0 posted, 25 left', { exact: true }).waitFor();
    // With room left, the composers do not warn.
    await page.goto('/schedule-replies');
    await page.getByTestId('reply-limit-note').waitFor();
    expect(await page.getByTestId('trial-warning').count()).toBe(0);

    // 25 replies scheduled inside the trial: they take every trial reply there is.
    for (let i = 0; i < 25; i += 1) {
      const res = await page.request.post('/api/schedules', {
        headers: CSRF,
        data: { accountId: target.id, connectedAccountId, peakWindowType: 'lunch_hour', conditions: { content: `Thought ${i}`, targetAccount: target.username, imageIncluded: false } },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const trial = await json<{ repliesAhead: number; summary: string }>(await page.request.get('/api/user/trial-status', { headers: CSRF }));
    expect(trial).toMatchObject({ repliesAhead: 25, summary: '0 prepared, 0 posted, 25 left' });

    for (const path of ['/schedule-replies', '/schedule-replies-v2']) {
      await page.goto(path);
      await page.getByTestId('trial-warning').getByText(WARNING, { exact: true }).waitFor();
    }
    await snap(page, 'trial-warning-1280');

    const phone = await openTab(suite.browser, suite.server.url, PHONE);
    await phone.context.addCookies(await tab.context.cookies());
    await phone.page.goto('/schedule-replies');
    await phone.page.getByTestId('trial-warning').getByText(WARNING, { exact: true }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(phone.page, 'trial-warning-375');
    await phone.context.close();
    await closeCleanTab(tab);
  });
});

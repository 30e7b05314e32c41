// The reply-limit note (spec part 2 §6: admins are exempt; non-admins see 'Based on your account
// type, this will count towards ...'), in a real browser on Classic and V2: a trial user reads what
// a reply counts against, with the server's own count of what is left; the admin sees no note.
import { describe, expect, it } from 'vitest';
import { CSRF, json, signInAdmin } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUserWithX } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('The reply-limit note under the reply forms', () => {
  const suite = browserSuite();

  it("tells a trial user a reply counts towards the trial's 25 replies, and shows the admin nothing", async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await newUserWithX(page, 'limitnote', 'limitnote_x');
    const { summary } = await json<{ summary: string }>(await page.request.get('/api/user/trial-status', { headers: CSRF }));
    const expected = `Based on your account type, this will count towards your free trial's 25 replies once it is on X (${summary}).`;
    for (const path of ['/schedule-replies', '/schedule-replies-v2']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Schedule Reply' }).waitFor();
      await page.getByTestId('reply-limit-note').getByText(expected, { exact: true }).waitFor();
    }
    await closeCleanTab(tab);

    const admin = await openTab(suite.browser, suite.server.url);
    await signInAdmin(admin.page);
    for (const path of ['/schedule-replies', '/schedule-replies-v2']) {
      await admin.page.goto(path);
      // The form is there (its submit, a button or, with no X account, the link to connect one).
      const page = admin.page;
      await page.getByText('Schedule Reply', { exact: true }).or(page.getByText('Connect an Account First', { exact: true })).first().waitFor();
      expect(await page.getByTestId('reply-limit-note').count(), path).toBe(0);
      expect(await page.getByText('Based on your account type').count(), path).toBe(0);
    }
    await closeCleanTab(admin);
  });
});

// The schedule forms and the calendar in a real browser against the real server: X accounts are
// connected through the real PIN flow (the bundled X emulator's consent page, then
// POST /api/x/auth/verify-pin), targets are the seeded curated accounts, and every schedule is
// checked through the API afterwards.
//   - Schedule a Reply (classic): a recurring weekly schedule (0-6 days in the form, ISO days stored)
//   - Schedule Replies V2: an AI schedule with an uploaded image, listed by day, then deleted
//   - Bulk Replies: a duplicate refused by the page and by the batch call, then the batch created,
//     and the calendar placing it, with a post composed there
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectX, CSRF, json, schedulesOf } from './support/api';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, snap } from './support/browser';
import { chooseOption, expectToast, newUser, pickTarget, pressEscapeIn, register, toastLink, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const BULK_USER = 'bulklegacy1';

// A valid 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type ScheduleJson = {
  id: string;
  status: string;
  targetUsername: string | null;
  accountName: string | null;
  isRecurring: boolean;
  recurringType: string | null;
  recurringDays: number[] | null;
  recurringTime: string | null;
  peakWindowType: string | null;
  nextRunTime: string | null;
  content: string | null;
  useAI: boolean;
  viralStyle: string | null;
  imageUrl: string | null;
  timeZone: string;
  scheduleType: string;
};


async function signedInUser(page: Page, prefix: string, username?: string): Promise<void> {
  const user = newUser(prefix);
  await register(page, username ? { ...user, username, email: `${username}@example.com` } : user);
  await waitForPath(page, '/schedule-replies');
}

/** The local weekday (ISO 1-7) and 'HH:MM' of an instant in a zone. */
const localOf = (iso: string, zone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1, time: `${parts.hour}:${parts.minute}` };
};

describe.skipIf(skip !== null)('schedule forms in a real browser', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_LEGACY_USERNAMES: BULK_USER });

  it('classic: schedules a recurring weekly reply at a peak window, then resets keeping the account', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signedInUser(page, 'classic');

    // No X account yet: the button says so and leads to My X Accounts.
    await page.getByRole('heading', { name: 'Schedule a Reply' }).waitFor();
    await page.getByTestId('mentions-policy').getByText('@mentions are removed from replies').waitFor();
    await page.getByRole('link', { name: 'Connect an Account First' }).waitFor();
    await page.getByText('No X account connected').waitFor();

    await connectX(page, 'classic_poster');
    await page.reload();
    const form = page.getByRole('form', { name: 'Schedule a Reply' });
    expect(await form.getByLabel('Your X Account').inputValue()).toBe('@classic_poster');
    expect(await form.getByLabel('Your X Account').getAttribute('readonly')).not.toBeNull();
    const submit = form.getByRole('button', { name: 'Schedule Reply' });
    await submit.waitFor();

    // The shared schema's messages before anything is sent.
    await submit.click();
    await form.getByText('Please enter a target account').waitFor();
    await form.getByText('Reply content is required').waitFor();

    // Repurpose: disabled while empty; blank content says there is nothing to repurpose.
    const repurpose = form.getByRole('button', { name: 'Repurpose' });
    expect(await repurpose.isDisabled()).toBe(true);
    await form.getByLabel('Reply Content').fill('   ');
    await repurpose.click();
    await expectToast(page, 'No content to repurpose', 'Please enter some content first.');

    // The target combo-box suggests monitored accounts as one types.
    const target = form.getByRole('combobox', { name: 'Target Account' });
    await target.fill('bill');
    // Wait for the suggestions to settle (they are filtered as the text arrives) before choosing.
    const option = page.getByRole('option', { name: /@BillGates/ });
    await option.waitFor();
    await option.click();
    // Downshift writes the chosen item into the input after the click settles.
    await expect.poll(() => target.inputValue()).toBe('@BillGates');

    // Weekly on Sunday, Monday and Friday (Wednesday off; Monday, Wednesday, Friday by default).
    await form.getByRole('switch', { name: /Make Recurring/ }).click();
    await form.getByRole('combobox', { name: 'Frequency' }).click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    const days = form.getByTestId('weekday-toggles');
    for (const [day, pressed] of [['Monday', 'true'], ['Wednesday', 'true'], ['Friday', 'true'], ['Sunday', 'false']] as const) {
      expect(await days.getByRole('button', { name: day }).getAttribute('aria-pressed')).toBe(pressed);
    }
    await days.getByRole('button', { name: 'Wednesday' }).click();
    await days.getByRole('button', { name: 'Sunday' }).click();

    // AI in a viral style; the text carries a mention the server strips.
    await form.getByRole('switch', { name: /Use AI/ }).click();
    await form.getByRole('combobox', { name: 'Viral style' }).click();
    await page.getByRole('option', { name: /Insight Bomb/ }).click();
    // X's count for the posting account (a link counts 23, an emoji 2), and what happens past 280.
    const counter = form.getByTestId('content-counter');
    await form.getByLabel('Reply Content').fill(`${'x'.repeat(270)} https://example.com/a/very/long/path/indeed 🙂`);
    await counter.getByText('297/280 characters').waitFor();
    await counter.getByRole('status').filter({ hasText: /^X allows 280 characters from @\w+: the reply will be cut at a sentence or word\.$/ }).waitFor();
    await form.getByLabel('Reply Content').fill('Compounding is underrated, @someone agrees');
    await counter.getByText('42/280 characters').waitFor();
    expect(await counter.getByRole('status').count()).toBe(0);

    // A 6 MB image is refused on the spot.
    await form.getByLabel('Image').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await expectToast(page, 'File too large', 'Image must be less than 5MB');
    expect(await form.getByTestId('image-preview').count()).toBe(0);

    // Exactly one window is recommended; pick the evening one.
    const windows = form.getByRole('radiogroup', { name: 'When to reply' });
    expect(await windows.getByText('(Recommended)').count()).toBe(1);
    const evening = windows.locator('label').filter({ hasText: 'Evening Peak' });
    await evening.click();
    // The window shows the rule's first run (Sunday, Monday or Friday at 7:30 PM): the server agrees.
    const shownNext = /Next: (.+)$/.exec((await evening.textContent()) ?? '')?.[1] ?? '';
    expect(shownNext).toMatch(/^(Sun|Mon|Fri), .+ 7:30 PM$/);
    await snap(page, 'classic-filled-1280');

    await submit.click();
    await expectToast(page, 'Schedule created', `Your reply to @BillGates has been scheduled to be sent at ${shownNext}`);
    // Reset, keeping the account.
    expect(await form.getByLabel('Reply Content').inputValue()).toBe('');
    await expect.poll(() => target.inputValue()).toBe('');
    expect(await form.getByLabel('Your X Account').inputValue()).toBe('@classic_poster');

    const [created, ...others] = await schedulesOf<ScheduleJson>(page);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      status: 'pending',
      targetUsername: 'BillGates',
      accountName: 'classic_poster',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [1, 5, 7],
      recurringTime: '19:30',
      peakWindowType: 'evening_peak',
      useAI: true,
      viralStyle: 'insight_bomb',
      content: 'Compounding is underrated, agrees',
      timeZone: 'Europe/Paris',
    });
    const next = localOf(created!.nextRunTime ?? '', 'Europe/Paris');
    expect(next.time).toBe('19:30');
    expect([1, 5, 7]).toContain(next.weekday);

    // A trial user sees up front that bulk scheduling is for Premium, before building a batch.
    await page.goto('/bulk-replies');
    await page.getByTestId('bulk-premium').getByText(/Bulk scheduling is a Premium feature/).waitFor();
    expect(await page.getByRole('button', { name: 'Add Reply' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Schedule All Replies' }).isDisabled()).toBe(true);

    // The same page on a phone, without sideways scrolling.
    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/schedule-replies', (p) => p.getByRole('button', { name: 'Schedule Reply' }).waitFor(), 'classic-375');

    await closeCleanTab(tab);
  });

  it('V2: schedules an AI reply with an uploaded image, lists it by day, and deletes it', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signedInUser(page, 'vtwo');
    await connectX(page, 'v2_poster');
    await page.goto('/schedule-replies-v2');
    const list = page.getByTestId('scheduled-replies');
    await list.getByText('No scheduled replies yet.').waitFor();
    const form = page.getByRole('form', { name: 'New AI Reply' });
    // The single connected account is preselected.
    await form.getByRole('combobox', { name: 'Post From' }).getByText('@v2_poster').waitFor();

    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    await form.getByText('Account required').waitFor();
    // No AI model is connected here: AI starts off (the offline writer is opt-in), the form says
    // how to connect one, and without AI the text is required.
    const aiSwitch = form.getByRole('switch', { name: /AI-generated reply/ });
    expect(await aiSwitch.getAttribute('aria-checked')).toBe('false');
    await form.getByTestId('ai-provider-note').getByText('No AI model connected').waitFor();
    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    await form.getByText('Content required').waitFor();
    await aiSwitch.click();

    // The same target picker as every composer: type, then choose with the keyboard.
    await pickTarget(page, 'Target Account', 'elonmusk', form);

    // Mentions raise the warning while they are in the text.
    await form.getByLabel('Content (optional)').fill('Point out @someone missed the cost curve');
    await form.getByTestId('mentions-warning').getByText('Warning: @Mentions Detected').waitFor();
    await form.getByLabel('Content (optional)').fill('Point out the cost curve');
    await form.getByTestId('mentions-warning').waitFor({ state: 'detached' });

    // Repurpose shows the rewrite beside the original in a chosen style (a select of the known
    // styles, never a typed name); Use puts it in the field, Undo brings the original back.
    await form.getByRole('button', { name: 'Repurpose' }).click();
    const panel = form.getByTestId('repurpose-panel');
    await panel.getByTestId('repurpose-original').getByText('Point out the cost curve').waitFor();
    await panel.getByTestId('repurpose-suggestion').waitFor();
    await expectToast(page, 'Content repurposed');
    await chooseOption(page, panel.getByRole('combobox', { name: 'Repurpose style' }), 'Contrarian');
    await expectToast(page, 'Content repurposed');
    const suggestion = panel.getByTestId('repurpose-suggestion');
    await expect.poll(() => suggestion.textContent()).toMatch(/\S/);
    expect(await form.getByLabel('Content (optional)').inputValue()).toBe('Point out the cost curve');
    await panel.getByRole('button', { name: 'Use' }).click();
    const rewritten = await form.getByLabel('Content (optional)').inputValue();
    expect(rewritten).not.toBe('Point out the cost curve');
    expect(rewritten).toBe((await suggestion.textContent()) ?? '');

    // Image checks when picked: the type, then the size.
    const image = form.getByLabel('Image');
    await image.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Invalid file type');
    await image.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await expectToast(page, 'File too large');

    // A file that claims to be a PNG but is not: the server's upload refuses it, nothing is scheduled.
    await image.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really an image') });
    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    await expectToast(page, 'Upload failed');
    expect(await schedulesOf<ScheduleJson>(page)).toEqual([]);

    await form.getByRole('button', { name: 'Remove image' }).click();
    await image.setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    await form.getByTestId('image-preview').getByText('chart.png').waitFor();
    await form.getByRole('combobox', { name: 'Viral style' }).click();
    await page.getByRole('option', { name: /Witty Response/ }).click();
    await form.getByRole('radiogroup', { name: 'When to reply' }).getByText(/Morning Peak/).click();
    await form.getByRole('switch', { name: /Recurring/ }).click();
    const days = form.getByRole('group', { name: 'Recurring days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) expect(await days.getByRole('button', { name: day }).getAttribute('aria-pressed')).toBe('true');
    expect(await days.getByRole('button', { name: 'Saturday' }).getAttribute('aria-pressed')).toBe('false');

    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    await expectToast(page, 'Reply scheduled', 'Reply scheduled successfully');
    const v2Link = await toastLink(page, 'Reply scheduled');
    const item = list.getByTestId('scheduled-reply').filter({ hasText: '@elonmusk' });
    await item.getByText('Witty Response').waitFor();
    await item.getByText('Image').waitFor();
    await item.getByText('Weekly · Mon, Tue, Wed, Thu, Fri').waitFor();
    await item.getByText('from @v2_poster').waitFor();
    await snap(page, 'v2-1280');

    const [created] = await schedulesOf<ScheduleJson>(page);
    expect(created).toMatchObject({ useAI: true, viralStyle: 'witty_response', peakWindowType: 'morning_peak', recurringType: 'weekly', recurringDays: [1, 2, 3, 4, 5], content: rewritten });
    expect(v2Link).toBe(`/schedule-replies/${created!.id}`);
    expect(created!.imageUrl).toMatch(/^\/uploads\//);
    const picture = await page.request.get(created!.imageUrl ?? '');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');
    expect(localOf(created!.nextRunTime ?? '', 'Europe/Paris').time).toBe('09:00');

    // The list's day heading is the day of the next run.
    await list.getByTestId('schedule-day').first().waitFor();

    // Delete asks first, then really deletes.
    await item.getByRole('button', { name: 'Delete reply to @elonmusk' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete scheduled reply?' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Schedule deleted', 'The scheduled reply has been deleted');
    await list.getByText('No scheduled replies yet.').waitFor();
    expect(await schedulesOf<ScheduleJson>(page)).toEqual([]);

    await expectFitsPhone(suite.browser, suite.server.url, tab.context, '/schedule-replies-v2', (p) => p.getByRole('heading', { name: 'Your Scheduled Replies' }).waitFor(), 'v2-375');

    await closeCleanTab(tab);
  });

  it('bulk: refuses a duplicate target in one time frame (page and batch call), then schedules the batch, shown on the calendar', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signedInUser(page, 'bulk', BULK_USER);
    await connectX(page, 'bulk_poster');
    await page.goto('/bulk-replies');
    await page.getByRole('heading', { name: 'Bulk Replies' }).waitFor();
    expect(await page.getByTestId('bulk-premium').count()).toBe(0);
    const scheduleAll = page.getByRole('button', { name: 'Schedule All Replies' });
    expect(await scheduleAll.isDisabled()).toBe(true);

    // Global settings: lunch, no AI; three rows take three different targets.
    await page.getByRole('combobox', { name: 'Time slot' }).click();
    await page.getByRole('option', { name: 'Lunch (12-2PM)' }).click();
    // No AI model connected: AI starts off in Bulk too.
    expect(await page.getByRole('switch', { name: 'Use AI' }).getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('ai-provider-note').waitFor();
    const add = page.getByRole('button', { name: 'Add Reply' });
    for (let i = 0; i < 3; i += 1) await add.click();
    const rows = page.getByTestId('bulk-row');
    expect(await rows.count()).toBe(3);
    const targetOf = (n: number) => page.getByRole('combobox', { name: `Target account, reply ${n}` });
    const first = (await targetOf(1).textContent())?.trim() ?? '';
    expect(new Set([first, (await targetOf(2).textContent())?.trim(), (await targetOf(3).textContent())?.trim()]).size).toBe(3);

    for (const n of [1, 2, 3]) await page.getByRole('textbox', { name: `Reply text, reply ${n}` }).fill(`Reply number ${n}`);
    // A mention is stripped when the field is left, with the spec's notice.
    await page.getByRole('textbox', { name: 'Reply text, reply 2' }).fill('Reply number 2 @someone');
    await page.getByRole('textbox', { name: 'Reply text, reply 1' }).click();
    await page.getByTestId('bulk-mentions').getByText('Direct @mentions are not allowed in replies to prevent unsolicited tagging.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Reply text, reply 2' }).inputValue()).toBe('Reply number 2');

    // Row 3 takes row 1's target on the same date and slot: refused before anything is sent.
    await chooseOption(page, targetOf(3), first, { exact: true });
    await scheduleAll.click();
    await expectToast(page, 'Duplicate target account');
    await rows.nth(2).getByText('Duplicate target account').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await snap(page, 'bulk-duplicate-1280');
    expect(await schedulesOf<ScheduleJson>(page)).toEqual([]);

    // The batch call refuses it too, all or none.
    const targets = await json<{ id: string; username: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    const xAccounts = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const entry = (accountId: string) => ({
      accountId,
      connectedAccountId: xAccounts.accounts[0]?.id,
      templateSourceType: 'custom',
      templateId: null,
      isRecurring: false,
      recurringType: 'daily',
      scheduledTime: 'lunch',
      useCustomTime: false,
      scheduledDate: tomorrow,
      useAI: false,
      viralStyle: 'savage_comeback',
      customReplyText: 'Same frame twice',
    });
    const refused = await page.request.post('/api/bulk-replies/batch', { headers: CSRF, data: { entries: [entry(targets[0]!.id), entry(targets[1]!.id), entry(targets[0]!.id)] } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Duplicate target account', field: 'entries.2.accountId' });
    expect(await schedulesOf<ScheduleJson>(page)).toEqual([]);

    // Another slot for row 3 clears the clash; the batch goes after the confirmation.
    await page.getByRole('combobox', { name: 'Time slot, reply 3' }).click();
    await page.getByRole('option', { name: 'Custom time' }).click();
    await page.getByRole('spinbutton', { name: 'Hour, reply 3' }).fill('21');
    await page.getByRole('spinbutton', { name: 'Minute, reply 3' }).fill('15');
    await rows.nth(2).getByText('Duplicate target account').waitFor({ state: 'detached' });
    await scheduleAll.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Schedule all replies?' }).waitFor();
    await confirm.getByText('3 replies will be scheduled.').waitFor();
    await confirm.getByRole('button', { name: 'Schedule All' }).click();
    await expectToast(page, 'Bulk replies scheduled', '3 replies have been scheduled');
    expect(await toastLink(page, 'Bulk replies scheduled')).toBe('/schedules');
    expect(await rows.count()).toBe(0);

    const created = await schedulesOf<ScheduleJson>(page);
    expect(created).toHaveLength(3);
    const times = created.map((s) => localOf(s.nextRunTime ?? '', 'Europe/Paris').time).sort();
    expect(times).toEqual(['12:00', '12:00', '21:15']);
    expect(created.map((s) => s.content).sort()).toEqual(['Reply number 1', 'Reply number 2', 'Reply number 3']);

    // The calendar places the three replies, and its compose panel makes a fourth, real one.
    await page.goto('/calendar-mockup');
    await page.getByRole('heading', { name: 'Schedule Management' }).waitFor();
    const calendar = page.getByTestId('calendar-list');
    await expect.poll(() => calendar.getByTestId('calendar-entry').count()).toBe(3);
    await calendar.getByTestId('calendar-entry').filter({ hasText: first }).first().click();
    const details = page.getByRole('dialog');
    await details.getByText(/Reply number [13]/).waitFor();
    await pressEscapeIn(page, details);
    await details.waitFor({ state: 'detached' });

    await calendar.getByRole('button', { name: /^Add post / }).first().click();
    const compose = page.getByTestId('compose-panel');
    await pickTarget(page, 'Reply to', 'BBCBreaking', compose);
    await compose.getByLabel('Reply', { exact: true }).fill('Composed on the calendar');
    await compose.getByTestId('compose-counter').getByText('24/280 characters').waitFor();
    await compose.getByRole('button', { name: 'Schedule Reply' }).click();
    await expectToast(page, 'Schedule created', 'Your reply to @BBCBreaking has been scheduled');
    await expect.poll(async () => (await schedulesOf<ScheduleJson>(page)).length).toBe(4);
    await expect.poll(() => calendar.getByTestId('calendar-entry').count()).toBe(4);
    await snap(page, 'calendar-1280');

    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByTestId('calendar-week').waitFor();
    await page.getByRole('tab', { name: 'Month' }).click();
    await page.getByTestId('calendar-month').waitFor();
    expect(await page.getByTestId('month-day').count()).toBe(42);

    for (const path of ['/bulk-replies', '/calendar-mockup']) {
      const ready = async (p: Page) => {
        await p.locator('h1').waitFor();
        await p.waitForLoadState('networkidle');
      };
      await expectFitsPhone(suite.browser, suite.server.url, tab.context, path, ready, `${path.slice(1)}-375`);
    }

    await closeCleanTab(tab);
  });
});

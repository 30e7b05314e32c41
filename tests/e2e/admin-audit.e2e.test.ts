// The admin's Audit page in a real browser against the real server: a user makes and edits a
// template; the admin searches the user, reads the time line (plain words, the actor, the request
// id the browser sent) and opens the state as of the first event, replayed by the server. A plain
// user opening the page sees 'Administrators only' and no history.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { CSRF, json, signInAdmin } from './support/api';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('admin audit page in a real browser', () => {
  const suite = browserSuite();

  it('searches a user, shows the time line with actor and request id, and the state as of an event', async () => {
    const user = newUser('audited');
    const userTab = await openTab(suite.browser, suite.server.url);
    await register(userTab.page, user);
    await waitForPath(userTab.page, '/schedule-replies');
    const created = await userTab.page.request.post('/api/templates', { data: { name: 'Audit me', content: 'The first words' }, headers: { ...CSRF, 'X-Request-Id': 'req-e2e-template' } });
    expect(created.status()).toBe(201);
    const { id } = await json<{ id: string }>(created);
    expect((await userTab.page.request.put(`/api/templates/${id}`, { data: { name: 'Audit me', content: 'The second words' }, headers: CSRF })).status()).toBe(200);

    // The user never sees the page's content.
    await userTab.page.goto('/admin/audit');
    await userTab.page.getByTestId('admin-only').waitFor();
    expect(await userTab.page.getByTestId('audit-timeline').count()).toBe(0);
    expect(await userTab.page.getByRole('link', { name: 'Audit', exact: true }).count()).toBe(0);
    await closeCleanTab(userTab);

    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/admin/audit');
    const form = page.getByRole('form', { name: 'Search the audit' });
    // Nothing typed: the field says what it needs and nothing is asked of the server.
    await form.getByRole('button', { name: 'Show history' }).click();
    await form.getByText('Enter a username').waitFor();
    await form.getByLabel('Username').fill(user.username);
    await form.getByRole('button', { name: 'Show history' }).click();

    const timeline = page.getByTestId('audit-timeline');
    await timeline.waitFor();
    await page.getByRole('heading', { name: `History of user ${user.username}` }).waitFor();
    const first = timeline.locator('[data-testid="audit-entry"][data-type="TemplateCreated"]');
    await first.getByText(`${user.username} created template 'Audit me' "The first words"`).waitFor();
    expect(await first.getByTestId('audit-actor').textContent()).toBe(user.username);
    expect(await first.getByTestId('audit-request').textContent()).toBe('req-e2e-template');
    await timeline.locator('[data-testid="audit-entry"][data-type="TemplateUpdated"]').waitFor();

    await first.getByRole('button', { name: 'State as of this event' }).click();
    const state = page.getByTestId('audit-state');
    await state.getByTestId('audit-state-json').waitFor();
    expect(await state.getByTestId('audit-state-summary').textContent()).toContain('after 1 event, up to TemplateCreated (revision 0');
    const replayed = (await state.getByTestId('audit-state-json').textContent()) ?? '';
    expect(replayed).toContain('The first words');
    expect(replayed).not.toContain('The second words');

    // The later event replays the edit.
    await timeline.locator('[data-testid="audit-entry"][data-type="TemplateUpdated"]').getByRole('button', { name: 'State as of this event' }).click();
    await state.getByText('up to TemplateUpdated', { exact: false }).waitFor();
    expect((await state.getByTestId('audit-state-json').textContent()) ?? '').toContain('The second words');

    // Each look was recorded on the user's history, with the admin as the one who looked.
    const looks = await json<{ entries: { line: string }[] }>(await page.request.get(`/api/admin/audit/users/${user.username}?type=AuditViewed`, { headers: CSRF }));
    expect(looks.entries.map((e) => e.line)).toContain(`admin looked at the history of ${user.username}`);
    expect(looks.entries.map((e) => e.line)).toContain(`admin looked at the history of stream template-${id}`);
    await closeCleanTab(tab);
  });
});

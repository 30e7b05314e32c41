// The test tweet on My X Accounts (spec part 2 §5 'Connection': "Test tweet content non-empty
// ('Please enter tweet content')", §7 POST /api/x/test-tweet → {tweetId}, "on failure message
// shown"), in a real browser against the sandbox X: an empty tweet is stopped on its field and
// sends nothing; a tweet is posted from the chosen account and the toast links to it on X.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUserWithX, toastLink } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('A test tweet from My X Accounts', () => {
  const suite = browserSuite();

  it('refuses an empty tweet on its field, then posts one and links to it', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await newUserWithX(page, 'tweeter', 'tweeter_x');
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/x/test-tweet') posts += 1;
    });
    await page.goto('/connected-accounts');
    const card = page.getByTestId('test-tweet');
    await card.getByRole('heading', { name: 'Send a test tweet' }).waitFor();
    await card.getByText('@tweeter_x').waitFor();

    const content = card.getByLabel('Tweet content');
    await content.fill('   ');
    await card.getByRole('button', { name: 'Send Test Tweet' }).click();
    await card.getByText('Please enter tweet content', { exact: true }).waitFor();
    expect(await content.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toBe(0);

    await content.fill('Hello from the Riposte test tweet');
    await card.getByRole('button', { name: 'Send Test Tweet' }).click();
    await expectToast(page, 'Test tweet posted', 'Posted from @tweeter_x.');
    expect(posts).toBe(1);
    expect(await toastLink(page, 'Test tweet posted')).toMatch(/\/tweeter_x\/status\/\d+$/);
    await expect.poll(() => content.inputValue()).toBe('');
    await closeCleanTab(tab);
  });
});

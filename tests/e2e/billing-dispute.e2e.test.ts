// The Billing history's dispute line (ADR 0037) in a real browser: a user pays in the sandbox
// checkout, the payer opens a dispute at PayPal (the emulator's control API, which sends the signed
// CUSTOMER.DISPUTE.CREATED webhook to the server), and /trial-status's history says it in the
// words of core/billing/views.ts; PayPal then decides it for the seller and the line says so.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('billing history dispute line in a real browser', () => {
  const suite = browserSuite();

  it('says a payment is disputed while PayPal reviews it, then that the dispute closed without a refund', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('disputer'));
    await waitForPath(page, '/schedule-replies');
    await page.goto('/payment');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('heading', { name: 'Sandbox checkout' }).waitFor();
    const emulator = new URL(page.url()).origin;
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Payment Successful!', 'Your premium subscription has been activated.');

    const control = async (what: string, body: unknown) => {
      const res = await fetch(`${emulator}/sandbox/control/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    const state = (await (await fetch(`${emulator}/sandbox/control/state`, { method: 'POST' })).json()) as { captures: { id: string }[] };
    expect(state.captures).toHaveLength(1);
    const dispute = await control('dispute', { captureId: state.captures[0]!.id });

    await page.goto('/trial-status');
    const line = page.getByTestId('payment-dispute');
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('payment-history').waitFor();
        return (await line.count()) > 0 ? line.textContent() : null;
      }, { timeout: 15_000 })
      .toBe('Disputed at PayPal: Premium stays while PayPal reviews it, and nothing renews until it is decided.');
    expect(await page.getByTestId('payment-history').textContent()).toContain('$20.00');

    await control('dispute', { disputeId: dispute.id, outcomeCode: 'RESOLVED_SELLER_FAVOUR' });
    await expect
      .poll(async () => {
        await page.reload();
        await line.waitFor();
        return line.textContent();
      }, { timeout: 15_000 })
      .toBe('Dispute closed without a refund: the payment stands.');
    await page.getByTestId('desktop-sidebar').hover();
    await page.getByTestId('tier-badge').filter({ hasText: 'Premium' }).waitFor();
    await closeCleanTab(tab);
  });
});

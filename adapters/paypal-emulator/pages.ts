/** The payer's page: 'Sandbox checkout', with the order and Approve / Cancel. */
import type { EmuOrder } from './world';
import { SANDBOX_BUYER } from './world';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f7fa;color:#001435;margin:0}
main{max-width:460px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
.badge{display:inline-block;background:#ffc439;color:#000;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700}
h1{font-size:22px}dl{display:grid;grid-template-columns:1fr auto;gap:6px}dd{margin:0;font-variant-numeric:tabular-nums}
button{font-size:16px;font-weight:700;border-radius:999px;padding:12px 20px;border:0;background:#0070ba;color:#fff;margin:16px 8px 0 0;cursor:pointer}
button.secondary{background:#fff;color:#0070ba;border:1px solid #0070ba}.note{color:#555;font-size:13px}
@media(max-width:520px){main{margin:0;border-radius:0}}`;

export const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
  `<title>${escapeHtml(title)} | Sandbox checkout</title><style>${STYLE}</style></head><body><main><p class="badge">Sandbox checkout (PayPal emulator)</p>${body}</main></body></html>`;

export const checkoutPage = (order: EmuOrder): string =>
  page(
    'Pay with PayPal',
    `<h1>Sandbox checkout</h1>
<p class="note">This is the bundled PayPal emulator. No real money moves; you pay as the sandbox buyer ${escapeHtml(SANDBOX_BUYER.email)}.</p>
<dl><dt>${escapeHtml(order.description ?? 'Order')}</dt><dd>${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</dd>
<dt><strong>Total</strong></dt><dd><strong>${escapeHtml(order.amount)} ${escapeHtml(order.currency)}</strong></dd></dl>
${order.vault ? '<p class="note">Your PayPal account will be saved for the monthly renewal.</p>' : ''}
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit" id="approve">Approve</button>
<button type="submit" id="cancel" formaction="/checkoutnow/cancel" class="secondary">Cancel</button></form>`,
  );

export const messagePage = (title: string, text: string): string => page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);

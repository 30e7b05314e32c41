/**
 * Payments (spec part 1 §7 and 'Payment flow'; ADR 0024):
 *  GET  /paypal/setup                 clientToken (session)
 *  POST /paypal/order                 { amount, currency, intent } -> { id, approveUrl } (session + CSRF)
 *  POST /paypal/order/:id/capture     no body -> { id, status, premium, subscriptionEndDate } (session + CSRF)
 *  POST /paypal/webhook               PayPal's signed events (no session, no CSRF header: verified with PayPal)
 *  GET  /api/billing                  { subscription, payments } (the Billing section)
 *  POST /api/billing/cancel           Premium to the period end, no renewal
 *  GET  /api/billing/payments/:id/receipt   a plain-text receipt of one paid order
 * Another user's order answers 404 exactly like one that never existed.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { isHistory, paymentOrderSchema, PAYMENT_STATUS_LABELS, type BillingView } from '@core/billing';
import { AppError } from '@core/shared/errors';
import { findPayment, findSubscription, listPayments } from '@adapters/read-models/billing';
import type { AppDeps } from '../deps';
import { body, noBody, opaqueBody } from '../http/validate';
import { currentUser, requireUser } from '../http/guards';
import { commandContext } from '../http/present';
import { createAllowance } from '../http/rate-limit';
import { idParam, settle } from '../http/route-helpers';

export const WEBHOOK_LIMIT = { points: 60, windowSeconds: 60 };

const orderNotFound = () => new AppError('not_found', 'Order not found', { reason: 'ORDER_NOT_FOUND' });

/** Where PayPal sends the payer back: the public URL when one is set, else this request's origin. */
const originOf = (ctx: Context, publicUrl: string | undefined): string => (publicUrl ? new URL(publicUrl).origin : `${ctx.protocol}://${ctx.host}`);

export const billingView = (deps: Pick<AppDeps, 'projector'>, userId: string): BillingView => ({
  subscription: findSubscription(deps.projector.db, userId),
  payments: listPayments(deps.projector.db, userId).filter(isHistory),
});

const money = (amount: string, currency: string) => `${currency === 'USD' ? '$' : ''}${amount} ${currency}`;

export const billingRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });
  const { billing } = deps;

  router.get('/paypal/setup', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { clientToken: await billing.provider.clientToken(), sandbox: billing.provider.sandbox };
  });

  router.post('/paypal/order', requireUser, body(paymentOrderSchema, { emptyAs: {} }), async (ctx) => {
    const user = currentUser(ctx);
    const order = await billing.service.createOrder(user.id, originOf(ctx, deps.config.publicUrl), commandContext(ctx));
    await settle(deps, order.position);
    ctx.status = 201;
    ctx.body = { id: order.id, approveUrl: order.approveUrl };
  });

  router.post('/paypal/order/:id/capture', requireUser, noBody, async (ctx) => {
    const user = currentUser(ctx);
    const result = await billing.service.capture(user.id, idParam(ctx, orderNotFound), commandContext(ctx));
    await settle(deps, result.position);
    if (result.status === 'REFUSED') {
      throw new AppError('payment_required', 'There was an error processing your payment. Please try again.', { reason: result.reason ?? 'CAPTURE_REFUSED' });
    }
    ctx.status = result.status === 'COMPLETED' ? 200 : 202;
    ctx.body = { id: result.id, status: result.status, premium: result.premium, subscriptionEndDate: result.subscriptionEndDate };
  });

  // Each well-formed event costs a call to PayPal (verify-webhook-signature): one address gets a
  // bounded number a minute, far above what PayPal sends one shop.
  const webhookLimit = createAllowance('paypal-webhook-address', WEBHOOK_LIMIT, deps.counters);
  router.post('/paypal/webhook', opaqueBody('application/json', "PayPal's webhook event, verified by its signature headers with PayPal before anything is applied."), async (ctx) => {
    await webhookLimit.spend(ctx.ip, 'webhook deliveries from this address', 'WEBHOOK_RATE_LIMITED');
    const raw = (ctx.request as unknown as { rawBody?: string }).rawBody ?? '';
    const headers = Object.fromEntries(Object.entries(ctx.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
    const done = await billing.service.webhook(headers, raw, ctx.request.body, commandContext(ctx, 'paypal'));
    deps.logger.info({ applied: done.applied, outcome: done.outcome }, 'PayPal webhook');
    // Recorded either way; a failure is answered so PayPal delivers the event again.
    if (done.retry) throw new AppError('unavailable', 'Handling this event failed; it was recorded and will be handled when PayPal delivers it again', { reason: 'WEBHOOK_RETRY' });
    ctx.body = { ok: true, outcome: done.outcome };
  });

  router.get('/api/billing', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    // Repairs a user stream that missed billing's last word (a crash between the two writes).
    await settle(deps, await billing.service.reconcile(user.id, commandContext(ctx)));
    ctx.body = billingView(deps, user.id);
  });

  router.post('/api/billing/cancel', requireUser, noBody, async (ctx) => {
    const user = currentUser(ctx);
    await settle(deps, await billing.service.cancel(user.id, commandContext(ctx)));
    ctx.body = billingView(deps, user.id);
  });

  router.get('/api/billing/payments/:id/receipt', requireUser, (ctx) => {
    const user = currentUser(ctx);
    const p = findPayment(deps.projector.db, user.id, idParam(ctx, orderNotFound));
    if (p === null || p.paidAt === null) throw orderNotFound();
    const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="riposte-receipt-${p.orderId}.txt"`);
    ctx.body = [
      'Riposte — receipt',
      '',
      `Account:      ${user.username}`,
      `Item:         Premium Plan (monthly)`,
      `Period:       ${day(p.periodStart)} to ${day(p.periodEnd)}`,
      `Amount:       ${money(p.amount, p.currency)}`,
      `Status:       ${PAYMENT_STATUS_LABELS[p.status]}`,
      `Paid on:      ${day(p.paidAt)}`,
      `PayPal order: ${p.orderId}`,
      `Capture:      ${p.captureId ?? '-'}`,
      '',
    ].join('\n');
  });

  return router;
};

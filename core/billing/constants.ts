/** Business constants of billing (spec part 1 §1 'Plans', §9): Premium is $20.00 USD a month. */
export const PREMIUM_PRICE = { amount: '20.00', currency: 'USD' } as const;
export const PREMIUM_INTENT = 'CAPTURE';
export const PREMIUM_DESCRIPTION = 'Riposte Premium (monthly)';

/** How long before a period ends the renewal charge is made (one day: a failure leaves time to fix it). */
export const RENEWAL_LEAD_MS = 24 * 60 * 60 * 1000;

/** The spec's payment-order body, as the page sends it; anything else is refused with its field. */
export const BILLING_MESSAGES = {
  amount: `The amount must be ${PREMIUM_PRICE.amount}`,
  currency: `The currency must be ${PREMIUM_PRICE.currency}`,
  intent: `The intent must be ${PREMIUM_INTENT}`,
  orderNotFound: 'Order not found',
  noSubscription: 'You have no active Premium subscription',
} as const;

/** POST /paypal/order's body (spec part 1 §3 'Payment order': amount, currency, intent). */
import { z } from 'zod';
import { BILLING_MESSAGES, PREMIUM_INTENT, PREMIUM_PRICE } from './constants';

/** The page sends the plan's price; any other amount is refused, never charged. */
export const paymentOrderSchema = z.object({
  amount: z.union([z.string(), z.number()]).transform((v) => String(v)).refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) === Number(PREMIUM_PRICE.amount), {
    message: BILLING_MESSAGES.amount,
  }),
  currency: z.string().refine((v) => v === PREMIUM_PRICE.currency, { message: BILLING_MESSAGES.currency }),
  intent: z.string().refine((v) => v.toUpperCase() === PREMIUM_INTENT, { message: BILLING_MESSAGES.intent }),
});

export type PaymentOrderInput = z.output<typeof paymentOrderSchema>;

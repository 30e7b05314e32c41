// The spec's payment calls (part 1 §7): GET /paypal/setup, POST /paypal/order, POST
// /paypal/order/{id}/capture. The payer approves on PayPal's page (the bundled emulator's 'Sandbox
// checkout' without credentials) and comes back to /payment?paypal=return&token={id}.
import useSWR from 'swr';
import { apiRequest } from '@web/lib/api';
import { PREMIUM_INTENT, PREMIUM_PRICE } from '@core/billing/constants';

export type PayPalSetup = { clientToken: string; sandbox: boolean };
export type CaptureAnswer = { id: string; status: 'COMPLETED' | 'PENDING'; premium: boolean; subscriptionEndDate: string | null };

export function usePayPalSetup() {
  return useSWR<PayPalSetup, Error>('/paypal/setup', { revalidateOnFocus: false, revalidateIfStale: false });
}

export function createOrder(): Promise<{ id: string; approveUrl: string | null }> {
  return apiRequest('POST', '/paypal/order', { amount: PREMIUM_PRICE.amount, currency: PREMIUM_PRICE.currency, intent: PREMIUM_INTENT });
}

export function captureOrder(orderId: string): Promise<CaptureAnswer> {
  return apiRequest('POST', `/paypal/order/${encodeURIComponent(orderId)}/capture`);
}

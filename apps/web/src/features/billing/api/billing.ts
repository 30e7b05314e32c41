// GET /api/billing (subscription and payment history) and POST /api/billing/cancel.
import useSWR, { mutate } from 'swr';
import { apiRequest } from '@web/lib/api';
import type { BillingView } from '@core/billing/views';

export const BILLING_KEY = '/api/billing';

export function useBilling() {
  return useSWR<BillingView, Error>(BILLING_KEY, { revalidateOnFocus: false });
}

export async function cancelSubscription(): Promise<BillingView> {
  const view = await apiRequest<BillingView>('POST', '/api/billing/cancel');
  await mutate(BILLING_KEY, view, { revalidate: false });
  await mutate('/api/user/trial-status');
  return view;
}

export const receiptUrl = (orderId: string) => `/api/billing/payments/${encodeURIComponent(orderId)}/receipt`;

// The admin's AI provider calls (apps/server/src/ai/provider-routes.ts). Saving refreshes the
// page's view and the public config the composers read (whether AI is connected, the fallback).
import useSWR, { mutate } from 'swr';
import type { AiFallback, AiProviderTestResult, AiProviderView } from '@core/ai/provider';
import { apiRequest } from '@web/lib/api';
import { PUBLIC_CONFIG_KEY } from '@web/hooks/use-public-config';

export type { AiFallback, AiProviderTestResult, AiProviderView };

export const AI_PROVIDER_KEY = '/api/admin/ai-provider';

export const useAiProvider = () => useSWR<AiProviderView, Error>(AI_PROVIDER_KEY);

export interface AiProviderForm {
  baseUrl: string;
  model: string;
  /** Empty: keep the key set. */
  apiKey: string;
  removeKey: boolean;
  fallback: AiFallback;
  /** Empty: no limit. */
  userDailyLimit: string;
  installationMonthlyLimit: string;
}

const limitOf = (text: string): number | null | string => {
  const t = text.trim();
  if (t === '') return null;
  // Sent as typed when it is not a whole number, so the server's message names the field.
  return /^\d+$/.test(t) ? Number(t) : t;
};

export async function saveAiProvider(form: AiProviderForm): Promise<AiProviderView> {
  const view = await apiRequest<AiProviderView>('PUT', AI_PROVIDER_KEY, {
    baseUrl: form.baseUrl,
    model: form.model,
    ...(form.apiKey.trim() === '' ? {} : { apiKey: form.apiKey }),
    removeKey: form.removeKey,
    fallback: form.fallback,
    userDailyLimit: limitOf(form.userDailyLimit),
    installationMonthlyLimit: limitOf(form.installationMonthlyLimit),
  });
  await Promise.all([mutate(AI_PROVIDER_KEY, view, { revalidate: false }), mutate(PUBLIC_CONFIG_KEY)]);
  return view;
}

/** One real call to the form's endpoint (its key, else the key in use when the endpoint is the same). */
export const testAiProvider = (form: Pick<AiProviderForm, 'baseUrl' | 'model' | 'apiKey'>): Promise<AiProviderTestResult> =>
  apiRequest<AiProviderTestResult>('POST', `${AI_PROVIDER_KEY}/test`, {
    baseUrl: form.baseUrl,
    model: form.model,
    ...(form.apiKey.trim() === '' ? {} : { apiKey: form.apiKey }),
  });

/**
 * What twitter-api-v2 reported, as core/x's library-neutral XAnswer: an HTTP answer with its
 * status, body and headers, or a transport failure, told apart by whether the request can have
 * reached X (refused, not resolved: no; timeout, reset, cut answer: maybe).
 */
import { ApiPartialResponseError, ApiRequestError, ApiResponseError } from 'twitter-api-v2';
import type { XAnswer, XTransportFailure } from '@core/x';
import { DeadlineExceeded } from './transport';

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_PROTOCOL']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

const transportFailureOf = (error: Error): XTransportFailure => {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (NOT_CONNECTED.has(code)) return 'not_connected';
  if (error.message === 'Request timeout.' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  if (RESET.has(code) || /socket hang up|Socket closed/i.test(error.message)) return 'reset';
  return 'other';
};

/**
 * The network error under a failed request. twitter-api-v2 1.29 stores it as `error` while its
 * `requestError` getter reads `requestError`, so the getter is undefined; read both.
 */
const causeOf = (error: ApiRequestError): Error => {
  const options = (error as unknown as { _options?: { error?: Error; requestError?: Error } })._options;
  return error.requestError ?? options?.requestError ?? options?.error ?? new Error(error.message);
};

/**
 * True when a request went out on a kept-alive connection that X had already closed (it sat idle
 * past X's keep-alive time while this process was busy) and failed for it. Node's documentation
 * recommends retrying exactly this case (`request.reusedSocket`). Only reads are retried on it: a
 * post is never sent twice on a guess (an unknown outcome is reconciled instead).
 */
export const isStaleConnection = (error: unknown): boolean => {
  if (!(error instanceof ApiRequestError) || (error.request as { reusedSocket?: boolean } | undefined)?.reusedSocket !== true) return false;
  const cause = causeOf(error) as Error & { code?: string };
  return cause.code === 'ECONNRESET' || cause.message === 'socket hang up';
};

/**
 * twitter-api-v2 reads every answer of the OAuth token endpoints as a form (`a=b&c=d`), errors
 * too; X answers those errors in XML (`<?xml version="1.0" ...?><errors><error code="415">...`),
 * which comes out as an object keyed by its text up to the first '='. The text is put together
 * again, so X's code and words reach core/x instead of being lost.
 */
const formReadXml = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 0 || !entries[0]![0].trimStart().startsWith('<')) return undefined;
  return entries.map(([k, v]) => (v === '' ? k : `${k}=${String(v)}`)).join('&');
};

export const toXAnswer = (error: unknown): XAnswer => {
  if (error instanceof ApiResponseError) {
    return { kind: 'response', status: error.code, body: formReadXml(error.data) ?? error.data, headers: error.headers as Record<string, string | string[] | undefined> };
  }
  if (error instanceof ApiPartialResponseError) {
    return { kind: 'transport', failure: 'partial', message: error.message, status: error.response.statusCode ?? 0 };
  }
  if (error instanceof ApiRequestError) {
    const cause = causeOf(error);
    return { kind: 'transport', failure: transportFailureOf(cause), message: cause.message };
  }
  if (error instanceof DeadlineExceeded) return { kind: 'transport', failure: 'timeout', message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'transport', failure: 'other', message };
};

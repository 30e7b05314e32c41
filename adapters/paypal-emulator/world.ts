/**
 * The emulator's PayPal: apps (client id and secret), access tokens, orders, captures, refunds and
 * vaulted wallets, with PayPal's idempotency by PayPal-Request-Id. Plain data, no HTTP.
 */
import { randomBytes } from 'node:crypto';

export interface EmuOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: string;
  currency: string;
  customId: string | null;
  description: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  vault: boolean;
  vaultId: string | null;
  payerId: string | null;
  captureId: string | null;
  createTime: string;
  updateTime: string;
}

export interface EmuCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'DECLINED' | 'REFUNDED';
  amount: string;
  currency: string;
  customId: string | null;
  createTime: string;
}

export interface EmuRefund {
  id: string;
  captureId: string;
  amount: string;
  currency: string;
  kind: 'refund' | 'reversal';
  createTime: string;
}

export interface EmuDispute {
  id: string;
  captureId: string;
  reason: string;
  status: string;
  stage: string;
  outcomeCode: string | null;
  createTime: string;
  updateTime: string;
}

/** PayPal's ids: 17 upper-case letters and digits. */
export const paypalId = (): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(17)].map((b) => alphabet[b % alphabet.length]).join('');
};

export const SANDBOX_BUYER = { payerId: 'SANDBOXBUYER01', email: 'buyer@sandbox.example' };

export const createWorld = (now: () => number) => {
  const orders = new Map<string, EmuOrder>();
  const captures = new Map<string, EmuCapture>();
  const refunds = new Map<string, EmuRefund>();
  const vaults = new Map<string, { payerId: string }>();
  const disputes = new Map<string, EmuDispute>();
  const tokens = new Map<string, number>(); // access token -> expiry (epoch ms)
  /** PayPal-Request-Id -> the answer first given (status and body), per operation. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const iso = () => new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { orders, captures, refunds, vaults, disputes, tokens, idempotent, iso, now };
};

export type World = ReturnType<typeof createWorld>;

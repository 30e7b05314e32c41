/**
 * The filtered stream's rules for the watched accounts: `from:<id> OR from:<id> …`, several
 * accounts per rule within X's length limit (512 characters self-serve, 1024 enterprise), tagged
 * as Riposte's so that rules the operator made by hand are left alone.
 *
 * X cannot edit a rule, only delete and add, and every change reaches the stream a moment later,
 * so the plan changes as little as it can: a rule whose accounts are all still watched stays as it
 * is; a rule holding an account no longer watched (or not valid, or repeating an account another
 * rule holds) is deleted and its other accounts go into the new rules with the newly watched ones,
 * packed greedily in id order. Only when the rules would pass the app's rule count is everything
 * packed afresh; accounts that still do not fit are left to polling (`overflow`).
 *
 * Accounts are named by X user id, not username: a renamed account keeps its rule.
 */
import type { AutoScheduleRef, WatchableAccount } from './due';
import { newerId } from './ids';

export const WATCH_RULE_TAG = 'riposte:watch';

export interface CurrentRule {
  id: string;
  value: string;
  tag?: string;
}

export interface RulePlan {
  /** Rule values to add (each tagged WATCH_RULE_TAG). */
  add: string[];
  /** Rule ids to delete. */
  delete: string[];
  /** Watched accounts no rule can take (the app's rule count is spent): they are polled. */
  overflow: string[];
}

const TERM = 'from:';
const JOIN = ' OR ';

export const ruleValue = (xUserIds: readonly string[]): string => xUserIds.map((id) => `${TERM}${id}`).join(JOIN);

/** The X user ids of a rule this module wrote, or null for any other shape. */
export const ruleAccounts = (value: string): string[] | null => {
  const parts = value.split(JOIN);
  const ids: string[] = [];
  for (const part of parts) {
    const m = /^from:(\d{1,19})$/.exec(part);
    if (!m?.[1]) return null;
    ids.push(m[1]);
  }
  return ids;
};

const byId = (a: string, b: string): number => (a === b ? 0 : newerId(a, b) ? 1 : -1);

/** Greedy packing in the given order: each rule takes accounts while it stays within `maxLength`. */
export const packRules = (xUserIds: readonly string[], maxLength: number): string[][] => {
  const rules: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const id of xUserIds) {
    const term = TERM.length + id.length;
    const extra = current.length === 0 ? term : JOIN.length + term;
    if (current.length > 0 && length + extra > maxLength) {
      rules.push(current);
      current = [id];
      length = term;
    } else {
      current.push(id);
      length += extra;
    }
  }
  if (current.length > 0) rules.push(current);
  return rules;
};

export const planStreamRules = (input: {
  /** X user ids of the accounts to stream. */
  wanted: Iterable<string>;
  /** The app's rules at X, Riposte's and others. */
  current: readonly CurrentRule[];
  maxLength: number;
  /** The app's rule count limit (others' rules count too). */
  maxRules?: number;
}): RulePlan => {
  const overflow: string[] = [];
  const wanted = new Set<string>();
  for (const id of input.wanted) {
    if (TERM.length + id.length > input.maxLength) overflow.push(id);
    else wanted.add(id);
  }
  const ours = input.current.filter((r) => r.tag === WATCH_RULE_TAG).sort((a, b) => byId(a.id, b.id));
  const others = input.current.length - ours.length;
  const covered = new Set<string>();
  const kept: CurrentRule[] = [];
  const deleted: string[] = [];
  for (const rule of ours) {
    const ids = ruleAccounts(rule.value);
    const fine =
      ids !== null && rule.value.length <= input.maxLength && new Set(ids).size === ids.length && ids.every((id) => wanted.has(id) && !covered.has(id));
    if (!fine) {
      deleted.push(rule.id);
      continue;
    }
    kept.push(rule);
    for (const id of ids) covered.add(id);
  }
  let added = packRules([...wanted].filter((id) => !covered.has(id)).sort(byId), input.maxLength);
  const room = input.maxRules === undefined ? Number.POSITIVE_INFINITY : Math.max(0, input.maxRules - others);
  if (kept.length + added.length > room) {
    // Small kept rules waste the count: start again with every account packed tightly.
    const all = packRules([...wanted].sort(byId), input.maxLength);
    for (const rule of all.slice(room)) overflow.push(...rule);
    added = all.slice(0, room);
    return { add: added.map(ruleValue), delete: ours.map((r) => r.id), overflow };
  }
  return { add: added.map(ruleValue), delete: deleted, overflow };
};

/**
 * The accounts to stream: those an active auto schedule targets, active, with an X id (the same
 * accounts `accountsToPoll` reads at their tier), as X user id -> account id.
 */
export const accountsToStream = (accounts: readonly WatchableAccount[], autoSchedules: readonly AutoScheduleRef[]): Map<string, string> => {
  const targeted = new Set(autoSchedules.map((s) => s.targetAccountId));
  const chosen = new Map<string, string>();
  for (const a of accounts) if (a.active && a.xUserId !== null && targeted.has(a.accountId)) chosen.set(a.xUserId, a.accountId);
  return chosen;
};

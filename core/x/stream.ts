/**
 * X's filtered stream (`GET /2/tweets/search/stream`) and its rules
 * (`GET/POST /2/tweets/search/stream/rules`): the app keeps a set of rules at X, X pushes every
 * new post matching one of them down one long-lived connection, with the ids (and tags) of the
 * rules it matched. Rules belong to the app, not to a connection: they outlive reconnects, and
 * X allows one connection per app at a time (a second is refused with 429 TooManyConnections).
 *
 * Error policy as for reads (port.ts): a call X refused, or that failed on the way, throws an
 * XError whose outcome says what happened (`httpStatus` set when X answered). A connection that
 * was open and ended resolves `ended` with the reason; it never throws.
 *
 * Implementations: adapters/x-twitter/stream.ts (twitter-api-v2), against X or the emulator's
 * stream (adapters/x-emulator/stream.ts). Contract: tests/contracts/x-stream.contract.ts.
 */
import type { XPost } from './types';

export interface XStreamRule {
  id: string;
  value: string;
  tag?: string;
}

export interface XNewStreamRule {
  value: string;
  tag?: string;
}

export interface XStreamRulesChange {
  add?: readonly XNewStreamRule[];
  /** Rule ids. */
  delete?: readonly string[];
}

export interface XStreamRulesResult {
  added: XStreamRule[];
  deleted: number;
  /** Rules X did not take (a duplicate, too long, not valid), with X's words. */
  refused: { value?: string; id?: string; reason: string }[];
}

export interface XStreamItem {
  post: XPost;
  /** The rules the post matched. */
  matchingRules: { id: string; tag?: string }[];
}

export type XStreamEnd =
  /** `close()` was called. */
  | { reason: 'closed' }
  /** X (or the network) ended the connection. */
  | { reason: 'dropped'; message: string }
  /** Nothing came, not even a heartbeat, for the stall time: the connection is given up. */
  | { reason: 'stalled' };

export interface XStreamHandlers {
  onItem(item: XStreamItem): void;
  /** X's keep-alive ("\r\n" about every 20 seconds). */
  onHeartbeat?(): void;
}

export interface XStreamConnection {
  /** Resolves once, when the connection has ended for whatever reason. */
  readonly ended: Promise<XStreamEnd>;
  close(): void;
}

export interface XFilteredStream {
  /** The longest rule value the app's access allows (512 self-serve, 1024 enterprise). */
  readonly maxRuleLength: number;
  /** The app's rules at X. */
  rules(): Promise<XStreamRule[]>;
  updateRules(change: XStreamRulesChange): Promise<XStreamRulesResult>;
  /**
   * Connects; resolves once X answered 200. `stallMs`: how long silence (no item, no heartbeat)
   * is taken for a dead connection (default three of X's 20-second heartbeats).
   */
  connect(handlers: XStreamHandlers, options?: { stallMs?: number }): Promise<XStreamConnection>;
}

/** X's limit on a rule's length for an access level (filtered stream, 2026). */
export const streamRuleLengthFor = (access: 'self_serve' | 'enterprise'): number => (access === 'enterprise' ? 1024 : 512);

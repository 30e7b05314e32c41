/**
 * X's filtered stream on twitter-api-v2 (core/x/stream.ts): `v2.streamRules`,
 * `v2.updateStreamRules` and `v2.searchStream`, app-only (bearer) as X requires.
 *
 * The library's own reconnection is off: its schedule (5 s, 15 s, 30 s …) is not X's documented
 * one, and the watcher (adapters/watching/stream.ts) must know when the stream is down to poll in
 * its place. A connection therefore ends once, with its reason, and the caller reconnects.
 */
import { ETwitterStreamEvent, type TweetV2, type TwitterApiReadOnly } from 'twitter-api-v2';
import { classifyXAnswer, XError, type XFilteredStream, type XOperation, type XStreamEnd, type XStreamRule, type XStreamRulesResult } from '@core/x';
import { toXAnswer } from './answers';
import { POST_QUERY, toPost, type Includes } from './mapping';
import { withDeadline } from './transport';

type Read = <T>(call: () => Promise<T>, operation?: XOperation) => Promise<T>;

/** Three of X's 20-second heartbeats. */
const DEFAULT_STALL_MS = 60_000;

interface RuleError {
  value?: string;
  id?: string;
  title?: string;
  detail?: string;
  details?: string[];
}

const ruleOf = (r: { id: string; value: string; tag?: string }): XStreamRule => ({ id: r.id, value: r.value, ...(r.tag ? { tag: r.tag } : {}) });
const refusalOf = (e: RuleError) => ({
  ...(e.value === undefined ? {} : { value: e.value }),
  ...(e.id === undefined ? {} : { id: e.id }),
  reason: [e.title, e.detail, ...(e.details ?? [])].filter((s) => s !== undefined && s !== '').join(': ') || 'refused',
});

export const createFilteredStream = (deps: { appOnly: () => Promise<TwitterApiReadOnly>; read: Read; maxRuleLength: number; connectTimeoutMs: number }): XFilteredStream => ({
  maxRuleLength: deps.maxRuleLength,
  rules: () =>
    deps.read(async () => {
      const client = await deps.appOnly();
      const rules: XStreamRule[] = [];
      let token: string | undefined;
      do {
        const page = await client.v2.streamRules({ max_results: 1000, ...(token ? { pagination_token: token } : {}) });
        rules.push(...(page.data ?? []).map(ruleOf));
        token = (page.meta as { next_token?: string } | undefined)?.next_token;
      } while (token !== undefined);
      return rules;
    }),
  updateRules: (change) =>
    deps.read(async (): Promise<XStreamRulesResult> => {
      const client = await deps.appOnly();
      const result: XStreamRulesResult = { added: [], deleted: 0, refused: [] };
      // Added before deleted: an account moving from a deleted rule to a new one stays covered.
      if (change.add !== undefined && change.add.length > 0) {
        const answer = await client.v2.updateStreamRules({ add: change.add.map((r) => ({ value: r.value, ...(r.tag ? { tag: r.tag } : {}) })) });
        result.added = (answer.data ?? []).map(ruleOf);
        result.refused.push(...((answer as { errors?: RuleError[] }).errors ?? []).map(refusalOf));
      }
      if (change.delete !== undefined && change.delete.length > 0) {
        const answer = await client.v2.updateStreamRules({ delete: { ids: [...change.delete] } });
        result.deleted = answer.meta.summary.deleted;
        result.refused.push(...((answer as { errors?: RuleError[] }).errors ?? []).map(refusalOf));
      }
      return result;
    }),
  connect: async (handlers, options = {}) => {
    const client = await deps.read(() => deps.appOnly());
    const stream = client.v2.searchStream({ ...POST_QUERY, autoConnect: false });
    let resolveEnd: (end: XStreamEnd) => void = () => undefined;
    const ended = new Promise<XStreamEnd>((resolve) => {
      resolveEnd = resolve;
    });
    let closedHere = false;
    let stalled = false;
    let lastError = 'Connection closed by X';
    stream.on(ETwitterStreamEvent.Data, (payload: { data?: TweetV2; includes?: Includes; matching_rules?: { id: string | number; tag?: string }[] }) => {
      if (payload.data === undefined) return;
      handlers.onItem({
        post: toPost(payload.data, payload.includes ?? {}),
        matchingRules: (payload.matching_rules ?? []).map((r) => ({ id: String(r.id), ...(r.tag ? { tag: r.tag } : {}) })),
      });
    });
    stream.on(ETwitterStreamEvent.DataKeepAlive, () => handlers.onHeartbeat?.());
    stream.on(ETwitterStreamEvent.ConnectionError, (error: Error) => {
      lastError = error.message;
    });
    stream.on(ETwitterStreamEvent.ConnectionLost, () => {
      stalled = true;
    });
    stream.on(ETwitterStreamEvent.ConnectionClosed, () => {
      resolveEnd(closedHere ? { reason: 'closed' } : stalled ? { reason: 'stalled' } : { reason: 'dropped', message: lastError });
    });
    // Errors are read from the events above; without a listener an 'error' event would throw.
    stream.on(ETwitterStreamEvent.Error, () => undefined);
    try {
      await withDeadline(stream.connect({ autoReconnect: false, keepAliveTimeout: options.stallMs ?? DEFAULT_STALL_MS }), deps.connectTimeoutMs);
    } catch (error) {
      stream.destroy();
      throw new XError(classifyXAnswer(toXAnswer(error), 'read'), undefined, { cause: error });
    }
    return {
      ended,
      close: () => {
        closedHere = true;
        stream.close();
      },
    };
  },
});

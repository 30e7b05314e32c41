/**
 * X's recent search, `GET /2/tweets/search/recent`, for the part of the query language Riposte
 * speaks: a conjunction of clauses, each `from:<username or id>`, a parenthesised
 * `from:a OR from:b …`, or `is:reply` / `is:retweet` (negated with `-`). Anything else is refused
 * as X refuses a query it cannot parse. The query may be 512 characters long for self-serve apps,
 * 1,024 for enterprise ones. Posts of the last 7 days, newest first, `since_id` / `until_id`,
 * `max_results` 10 to 100, and `next_token` for older pages; rate-limited as its own endpoint.
 */
import type { Caller, Ctx } from './auth';
import { compareIds } from './ids';
import type { Endpoint } from './rate-limits';
import { fieldsOf, includesFor, invalidRequest, tweetJson, type Reply } from './wire';
import type { EmuPost, EmuUser, World } from './world';

export const SEARCH_ENDPOINT: Endpoint = 'GET /2/tweets/search/recent';

export const QUERY_LIMITS = { self_serve: 512, enterprise: 1024 } as const;

export interface ParsedQuery {
  /** Each inner list is one clause: a post matches when its author is in every clause's list. */
  from: string[][];
  replies: 'only' | 'exclude' | 'any';
  reposts: 'only' | 'exclude' | 'any';
}

/** The query as clauses, or the reason X would give for refusing it. */
export const parseSearchQuery = (query: string): ParsedQuery | string => {
  const tokens = query.match(/\(|\)|[^\s()]+/g) ?? [];
  const parsed: ParsedQuery = { from: [], replies: 'any', reposts: 'any' };
  const fromTerm = (token: string): string | null => {
    const m = /^from:@?([A-Za-z0-9_]{1,20})$/.exec(token);
    return m?.[1] ?? null;
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    if (token === '(') {
      const group: string[] = [];
      let expectTerm = true;
      for (i += 1; i < tokens.length && tokens[i] !== ')'; i += 1) {
        const t = tokens[i] as string;
        if (expectTerm) {
          const who = fromTerm(t);
          if (who === null) return `unsupported term [${t}] in a group`;
          group.push(who);
        } else if (t !== 'OR') return `expected OR, found [${t}]`;
        expectTerm = !expectTerm;
      }
      if (tokens[i] !== ')' || group.length === 0 || expectTerm) return 'unbalanced or empty group';
      parsed.from.push(group);
      continue;
    }
    const m = /^(-?)is:(reply|retweet)$/.exec(token);
    if (m) {
      const value = m[1] === '-' ? 'exclude' : 'only';
      if (m[2] === 'reply') parsed.replies = value;
      else parsed.reposts = value;
      continue;
    }
    const who = fromTerm(token);
    if (who === null) return `unsupported operator [${token}]`;
    parsed.from.push([who]);
  }
  if (parsed.from.length === 0) return 'the emulator answers searches with from: only';
  return parsed;
};

const TOKEN_LIMIT = 1_000;

export const createSearchRoute = (world: World, guarded: (endpoint: Endpoint, needsUser: boolean, handler: (ctx: Ctx, caller: Caller) => Reply) => (ctx: Ctx) => Reply) =>
  guarded(SEARCH_ENDPOINT, false, (ctx, caller) => {
    const query = ctx.query.get('query') ?? '';
    if (query.trim() === '') return invalidRequest('The `query` query parameter can not be empty', 'query');
    const limit = QUERY_LIMITS[caller.app.access];
    if (query.length > limit) return invalidRequest(`The \`query\` query parameter value [${query}] is not valid: it must be at most ${limit} characters long`, 'query');
    const parsed = parseSearchQuery(query);
    if (typeof parsed === 'string') return invalidRequest(`There were errors processing your request: ${parsed}`, 'query');
    const max = Number(ctx.query.get('max_results') ?? '10');
    if (!Number.isInteger(max) || max < 10 || max > 100) return invalidRequest(`The \`max_results\` query parameter value [${ctx.query.get('max_results')}] is not between 10 and 100`, 'max_results');
    for (const name of ['since_id', 'until_id', 'next_token', 'pagination_token'] as const) {
      const v = ctx.query.get(name);
      if (v !== null && !/^\d{1,19}$/.test(v)) return invalidRequest(`The \`${name}\` query parameter value [${v}] is not valid`, name);
    }
    const sinceId = ctx.query.get('since_id') ?? undefined;
    const untilId = ctx.query.get('next_token') ?? ctx.query.get('pagination_token') ?? ctx.query.get('until_id') ?? undefined;
    const byWho = (who: string): EmuUser | undefined => world.users.get(who) ?? world.userByName(who);
    // Every clause names authors; the first's authors are read, the others filter them.
    const [first = [], ...rest] = parsed.from;
    const allowed = rest.map((clause) => new Set(clause.map((who) => byWho(who)?.id).filter((id): id is string => id !== undefined)));
    const found: EmuPost[] = [];
    for (const author of new Set(first.map(byWho))) {
      if (!author || author.suspended || !allowed.every((s) => s.has(author.id))) continue;
      const { page } = world.timeline(author, {
        max: TOKEN_LIMIT,
        excludeReplies: parsed.replies === 'exclude',
        excludeReposts: parsed.reposts === 'exclude',
        ...(sinceId ? { sinceId } : {}),
        ...(untilId ? { untilId } : {}),
      });
      for (const p of page) {
        if (parsed.replies === 'only' && !p.replyToId) continue;
        if (parsed.reposts === 'only' && !p.repostOfId) continue;
        found.push(p);
      }
    }
    found.sort((a, b) => compareIds(b.id, a.id));
    const page = found.slice(0, max);
    const first_ = page[0];
    const last = page.at(-1);
    const meta = {
      result_count: page.length,
      ...(first_ && last ? { newest_id: first_.id, oldest_id: last.id } : {}),
      ...(found.length > max && last ? { next_token: last.id } : {}),
    };
    if (page.length === 0) return { status: 200, body: { meta } };
    const fields = fieldsOf(ctx.query, 'tweet.fields');
    return { status: 200, body: { data: page.map((p) => tweetJson(world, p, fields)), ...includesFor(world, page, ctx.query), meta } };
  });

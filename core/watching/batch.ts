/**
 * How the accounts due now are read: one timeline read each, or several per recent search
 * (`(from:a OR from:b …) -is:retweet -is:reply`, ADR 0023 addendum).
 *
 * A search saves requests (X limits each endpoint per app and window, and search has its own
 * bucket), but one search has one `since_id` for all its accounts, and X bills every post it
 * returns. Taking the oldest of the accounts' newest ids would return, at every read, every post
 * of the others since that id: a quiet account's newest post may be days old and never moves. So
 * an account's search cursor is the later of its newest id read and the id X would give a post
 * made at its last read less `readLagMs` (the time X's search index may take to show a post;
 * snowflake ids are times): what came before its last read was read then. A search groups accounts
 * whose search cursors lie within the shortest interval among them of each other, and asks from
 * the oldest of them: an account gets again at most its posts of that span. Groups are bounded by
 * the 'accounts per search' setting and the query length X accepts. An account read for the first
 * time (no cursor) is read alone on its timeline: a shared first page would leave out quiet
 * accounts. A group of one is a timeline read, unless the timeline's bucket is spent.
 */
import type { XApiAccess, XPost } from '@core/x';
import { isOriginalPost } from '@core/replies/rules/target';
import type { PollChoice } from './due';
import { newerId } from './ids';
import type { SeenPost } from './watch';

/** X's limit on a recent search query: 512 characters on self-serve access, 1,024 on enterprise. */
export const SEARCH_QUERY_LIMITS: Readonly<Record<XApiAccess, number>> = { self_serve: 512, enterprise: 1024 };

/** Posts per search page (X's maximum). */
export const SEARCH_PAGE_SIZE = 100;

export interface DueRead extends PollChoice {
  /** The newest id read of this account (the next `since_id`); null before its first read. */
  sinceId: string | null;
  /** When it was last read (epoch ms); null when unknown. */
  lastReadAt?: number | null;
}

/** How long X's recent search may take to show a new post: a search reaches back this far before the last read. */
export const SEARCH_READ_LAG_MS = 60_000;

export interface SearchBatch {
  query: string;
  /** The oldest search cursor of the batch (searchCursor): every account's unread posts are newer than it. */
  sinceId: string;
  accounts: DueRead[];
}

export interface ReadPlan {
  timeline: DueRead[];
  searches: SearchBatch[];
  /** Left for a later tick: the budgets allow no request for them now. */
  deferred: DueRead[];
}

const SUFFIX = ' -is:retweet -is:reply';

/** The search for these X user ids' original posts. */
export const searchQuery = (xUserIds: readonly string[]): string =>
  xUserIds.length === 1 ? `from:${xUserIds[0] ?? ''}${SUFFIX}` : `(${xUserIds.map((id) => `from:${id}`).join(' OR ')})${SUFFIX}`;

const X_EPOCH_MS = 1288834974657n;
/** When a snowflake id was made (ms since 1970). */
export const idTime = (id: string): number => (/^\d{1,20}$/.test(id) ? Number((BigInt(id) >> 22n) + X_EPOCH_MS) : 0);
/** The smallest snowflake id of a moment: every post made after it has a larger id. */
export const idAtTime = (ms: number): string => ((BigInt(Math.max(0, Math.floor(ms))) - X_EPOCH_MS) << 22n).toString();

/**
 * Where a search may start for this account: its newest id read, or the id of its last read less
 * `lagMs` when that is later. Null `lagMs`: the newest id alone.
 */
export const searchCursor = (d: DueRead, lagMs: number | null): string | null => {
  if (d.sinceId === null) return null;
  if (lagMs === null || d.lastReadAt === undefined || d.lastReadAt === null) return d.sinceId;
  const floor = idAtTime(d.lastReadAt - lagMs);
  return newerId(floor, d.sinceId) ? floor : d.sinceId;
};

type Cursored = DueRead & { cursor: string };

const oldestFirst = (a: Cursored, b: Cursored): number =>
  a.cursor === b.cursor ? (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0) : newerId(a.cursor, b.cursor) ? 1 : -1;

export interface PlanInput {
  due: readonly DueRead[];
  /** The 'accounts per search' setting. */
  accountsPerSearch: number;
  /** SEARCH_QUERY_LIMITS of the app's access. */
  queryLimit: number;
  /** Requests each endpoint may take now: 0 while X holds it (429), null when no limit is known. */
  budget: { timeline: number | null; search: number | null };
  /** SEARCH_READ_LAG_MS by default; null: searches start from the accounts' newest ids alone. */
  readLagMs?: number | null;
}

/** Groups the due accounts into searches and timeline reads; each due account is in exactly one of the three lists. */
export const planReads = (input: PlanInput): ReadPlan => {
  const seen = new Set<string>();
  const due = input.due.filter((d) => !seen.has(d.accountId) && seen.add(d.accountId));
  const lag = input.readLagMs === undefined ? SEARCH_READ_LAG_MS : input.readLagMs;
  const alone: DueRead[] = due.filter((d) => d.sinceId === null);
  const cursored: Cursored[] = due.flatMap((d) => {
    const cursor = searchCursor(d, lag);
    return cursor === null ? [] : [{ ...d, cursor }];
  });
  const groups: Cursored[][] = [];
  let current: Cursored[] = [];
  for (const d of cursored.sort(oldestFirst)) {
    const next = [...current, d];
    const oldest = current[0];
    const shortest = Math.min(...next.map((x) => x.intervalMinutes)) * 60_000;
    const fits =
      oldest !== undefined &&
      next.length <= input.accountsPerSearch &&
      searchQuery(next.map((x) => x.xUserId)).length <= input.queryLimit &&
      idTime(d.cursor) - idTime(oldest.cursor) <= shortest;
    if (fits) current = next;
    else {
      if (current.length > 0) groups.push(current);
      current = [d];
    }
  }
  if (current.length > 0) groups.push(current);

  const searchBudget = input.budget.search ?? Number.POSITIVE_INFINITY;
  // Bigger groups save more requests: they get the search budget first.
  const ranked = groups.filter((g) => g.length > 1).sort((a, b) => b.length - a.length);
  const searched = ranked.slice(0, searchBudget);
  const plain = (g: readonly Cursored[]): DueRead[] => g.map(({ cursor: _cursor, ...d }) => d);
  const timeline = [...alone, ...plain(groups.filter((g) => g.length === 1).flat()), ...plain(ranked.slice(searchBudget).flat())];

  const timelineBudget = input.budget.timeline ?? Number.POSITIVE_INFINITY;
  const keptOnTimeline = timeline.slice(0, timelineBudget);
  const over = timeline.slice(timelineBudget);
  // Past the timeline's budget, an account with a cursor may still go alone in a search.
  let spare = Math.max(0, searchBudget - searched.length);
  const deferred: DueRead[] = [];
  for (const d of over) {
    const cursor = searchCursor(d, lag);
    if (cursor !== null && spare > 0 && searchQuery([d.xUserId]).length <= input.queryLimit) {
      searched.push([{ ...d, cursor }]);
      spare -= 1;
    } else deferred.push(d);
  }
  return {
    timeline: keptOnTimeline,
    searches: searched.map((group) => ({
      query: searchQuery(group.map((a) => a.xUserId)),
      sinceId: group.map((a) => a.cursor).reduce((m, id) => (newerId(m, id) ? id : m)),
      accounts: plain(group),
    })),
    deferred,
  };
};

/** What one read brought of one account: its new original posts, and the newest id of its own read (the next `since_id`). */
export interface AccountSighting {
  posts: SeenPost[];
  newestId: string | null;
}

/**
 * One account's share of what a read returned (a timeline, or a search of several accounts):
 * its own posts newer than its own cursor; the original ones are sightings, and the newest of any
 * kind moves the cursor (a reply read is not asked for again).
 */
export const sightingOf = (account: { xUserId: string; sinceId: string | null }, posts: readonly XPost[]): AccountSighting => {
  const own = posts.filter((p) => p.authorId === account.xUserId && (account.sinceId === null || newerId(p.id, account.sinceId)));
  return {
    posts: own.filter((p) => p.createdAt !== undefined && isOriginalPost(p)).map((p) => ({ postId: p.id, postedAt: p.createdAt as string })),
    newestId: own.reduce<string | null>((n, p) => (n === null || newerId(p.id, n) ? p.id : n), null),
  };
};

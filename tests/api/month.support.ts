/**
 * A simulated month of recurring schedules (tests/api/simulated-month.int.test.ts, bench/month):
 * users with several X accounts schedule daily replies to shared targets, with fixed texts,
 * variations ({Great|Sharp} point), template groups that rotate and AI (the offline writer); the
 * server's embedded scheduler runs them on its movable clock against the X emulator with X's
 * duplicate rule on. Each day, at each schedule hour, every target posts, the clock moves past the
 * hour, and the runs are waited for. Then what reached X is read back from the emulator.
 */
import { expect } from 'vitest';
import { sameTextForm } from '@core/text/same-text';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { eventually } from './schedules.support';
import { uniqueName, type Client } from './support';
import { connectXByPin } from './x.support';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** X's duplicate window for one account (the emulator's rule). */
const OWN_WINDOW_MS = 7 * DAY;
/**
 * Riposte's rule for other accounts: not the same text within 24 hours, counted from when each
 * text was chosen for its reply. X stores a post a moment after that, so two posts of one text
 * chosen 24 hours apart can be stored a second or two less apart: such pairs are counted apart
 * (`atWindowEdge`), as the rule's own edge rather than a repeat it let through.
 */
const OTHERS_WINDOW_MS = DAY;
const EDGE_MS = 60_000;

export type ContentKind = 'variations' | 'group' | 'ai' | 'fixed';

export interface MonthShape {
  users: number;
  accountsPerUser: number;
  targets: number;
  /** Recurring daily schedules (content kinds taken in turn from `kinds`). */
  schedules: number;
  /** Template-group rotations, on top of `schedules`. */
  rotations: number;
  days: number;
  /** Distinct schedule hours (UTC), from 09:00: the runs of a day are spread over them. */
  hours: number;
  kinds: readonly ContentKind[];
}

export interface MonthFigures {
  shape: MonthShape;
  runs: number;
  byStatus: Record<string, number>;
  /** Skip reasons, with how many runs each. */
  skipReasons: Record<string, number>;
  skippedWithoutReason: number;
  postedOnX: number;
  /** Posts X refused as duplicates during the month (the emulator's count). */
  xDuplicateRefusals: number;
  /** The same text (X's normalisation) posted twice by one account within a week. */
  sameTextOwnWindow: number;
  /** The same text posted by two accounts within 24 hours. */
  sameTextAcrossAccounts: number;
  /** Texts two accounts posted less than a minute under 24 hours apart (see EDGE_MS). */
  atWindowEdge: number;
  /** A few of the repeats found, with how far apart they went out. */
  repeats: { text: string; handles: [string, string]; apartMs: number }[];
  wallMs: number;
}

interface Account {
  client: Client;
  handle: string;
  connectedAccountId: string;
  userIndex: number;
}

interface Schedule {
  id: string;
  client: Client;
  hour: number;
  kind: ContentKind;
}

const post = async (client: Client, path: string, body: unknown): Promise<string> => {
  const res = await client.post(path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return (res.body as { id: string }).id;
};

/** Starts a world for `shape`: legacy users (no trial allowance in the way), direct delivery, no summon needed. */
export const startMonthWorld = async (users: number): Promise<{ world: DispatchWorld; usernames: string[] }> => {
  const usernames = Array.from({ length: users }, (_, i) => uniqueName(`m${i}`));
  const world = await startDispatchWorld(
    { RIPOSTE_X_DELIVERY: 'direct', RIPOSTE_X_ACCESS: 'enterprise', RIPOSTE_LEGACY_USERNAMES: usernames.join(','), RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' },
    { sharedClock: true },
  );
  world.emulator.control.summonRule(false);
  return { world, usernames };
};

export const runMonth = async (w: DispatchWorld, usernames: readonly string[], shape: MonthShape): Promise<MonthFigures> => {
  const started = Date.now();
  const refusedBefore = w.emulator.control.duplicateRule().refused;
  const accounts: Account[] = [];
  const clients: Client[] = [];
  for (const [userIndex, name] of usernames.entries()) {
    const { client } = await w.server.newUser(name);
    clients.push(client);
    for (let a = 0; a < shape.accountsPerUser; a += 1) {
      const handle = `x_${uniqueName('a').slice(-10)}`;
      accounts.push({ client, handle, connectedAccountId: await connectXByPin(client, handle), userIndex });
    }
  }
  const targets = [];
  for (let t = 0; t < shape.targets; t += 1) targets.push(await w.newTarget());

  // Per user: one text with variations and one fixed text shared by their schedules (so their
  // accounts meet the same text under the same target), a group of three, an AI template.
  const texts = new Map<Client, Record<'variations' | 'fixed' | 'ai', string> & { groupId: string }>();
  for (const [i, client] of clients.entries()) {
    const template = (name: string, content: string, ai = false) =>
      post(client, '/api/templates', { name, content, ...(ai ? { useAI: true, viralStyle: 'insight_bomb' } : {}) });
    const groupTemplates = [
      await template('G1', `{Good|Fair} question, user ${i}`),
      await template('G2', `{Worth|Time} asking, honestly`),
      await template('G3', `This {deserves|needs} a longer thread`),
    ];
    const groupId = await post(client, '/api/template-groups', { name: `Rotation ${i}` });
    expect((await client.put(`/api/template-groups/${groupId}/templates`, { templateIds: groupTemplates })).status).toBe(200);
    texts.set(client, {
      variations: await template('V', `{Great|Sharp|Fair|Solid|Clear} point, {well made|nicely put|truly} ({#1|#2})`),
      fixed: await template('F', `Exactly what I was thinking, ${i}`),
      ai: await template('A', 'Offices work for some teams and not for others', true),
      groupId,
    });
  }

  const schedules: Schedule[] = [];
  const total = shape.schedules + shape.rotations;
  for (let j = 0; j < total; j += 1) {
    // Each account answers each target from one schedule at most per hour (two would meet the
    // one-reply-per-post rule, not the text rules this measures).
    const account = accounts[j % accounts.length]!;
    const target = targets[Math.floor(j / accounts.length) % targets.length]!;
    const kind: ContentKind = j < shape.schedules ? shape.kinds[j % shape.kinds.length]! : 'group';
    const t = texts.get(account.client)!;
    const hour = 9 + (j % shape.hours);
    const content = kind === 'group' ? { templateGroupId: t.groupId } : { templateId: t[kind] };
    const id = await post(account.client, '/api/schedules', {
      accountId: target.id,
      connectedAccountId: account.connectedAccountId,
      ...content,
      isRecurring: true,
      recurringType: 'daily',
      recurringHour: hour,
      recurringMinute: 0,
      timezone: 'UTC',
    });
    schedules.push({ id, client: account.client, hour, kind });
  }

  const nextRunOf = async (s: Schedule): Promise<number> => {
    const res = await s.client.get(`/api/schedules/${s.id}`);
    expect(res.status).toBe(200);
    return Date.parse((res.body as { nextRunTime: string }).nextRunTime);
  };

  // The first day starts tomorrow, so every schedule's first run is ahead of the clock.
  const dayZero = Math.floor(w.serverNow() / DAY) * DAY + DAY;
  for (let d = 0; d < shape.days; d += 1) {
    for (let h = 0; h < shape.hours; h += 1) {
      const slot = dayZero + d * DAY + (9 + h) * HOUR;
      const due = schedules.filter((s) => s.hour === 9 + h);
      w.moveClockTo(slot - 120_000);
      for (const target of targets) w.emulator.control.post(target.username, `Day ${d + 1}, ${9 + h}:00 question ${Math.random().toString(36).slice(2, 6)}`);
      w.moveClockTo(slot);
      await eventually(
        async () => (await Promise.all(due.map(nextRunOf))).every((at) => at > slot),
        (done) => done,
        `the ${due.length} runs of day ${d + 1} at ${9 + h}:00`,
        60_000,
      );
    }
  }

  // What the schedules' runs ended as, and what reached X.
  const replies: ReplyView[] = [];
  const ours = new Set(schedules.map((s) => s.id));
  for (const client of clients) {
    for (let page = 1; ; page += 1) {
      const { items, total: all } = await w.repliesOf(client, `?limit=100&page=${page}`);
      replies.push(...items.filter((r) => r.scheduledId !== null && ours.has(r.scheduledId)));
      if (page * 100 >= all || items.length === 0) break;
    }
  }
  const byStatus: Record<string, number> = {};
  const skipReasons: Record<string, number> = {};
  let skippedWithoutReason = 0;
  for (const r of replies) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    if (r.status !== 'skipped') continue;
    if (r.reason.trim() === '') skippedWithoutReason += 1;
    // Reasons that name a count or a user read as one kind.
    const kind = r.reason.replace(/\d+/g, 'N');
    skipReasons[kind] = (skipReasons[kind] ?? 0) + 1;
  }

  const posts = accounts.flatMap((a) => w.repliesOnX(a.handle).map((p) => ({ ...p, handle: a.handle, createdAt: (p as { createdAt?: number }).createdAt ?? 0, form: sameTextForm(p.text) })));
  posts.sort((a, b) => a.createdAt - b.createdAt);
  let sameTextOwnWindow = 0;
  let sameTextAcrossAccounts = 0;
  let atWindowEdge = 0;
  const repeats: MonthFigures['repeats'] = [];
  for (let i = 0; i < posts.length; i += 1) {
    for (let k = i + 1; k < posts.length; k += 1) {
      const a = posts[i]!;
      const b = posts[k]!;
      const apart = b.createdAt - a.createdAt;
      if (apart >= OWN_WINDOW_MS) break;
      if (a.form !== b.form) continue;
      if (a.handle === b.handle) sameTextOwnWindow += 1;
      else if (apart < OTHERS_WINDOW_MS - EDGE_MS) sameTextAcrossAccounts += 1;
      else if (apart < OTHERS_WINDOW_MS) {
        atWindowEdge += 1;
        continue;
      } else continue;
      if (repeats.length < 5) repeats.push({ text: a.text, handles: [a.handle, b.handle], apartMs: apart });
    }
  }
  return {
    shape,
    runs: replies.length,
    byStatus,
    skipReasons,
    skippedWithoutReason,
    postedOnX: posts.length,
    xDuplicateRefusals: w.emulator.control.duplicateRule().refused - refusedBefore,
    sameTextOwnWindow,
    sameTextAcrossAccounts,
    atWindowEdge,
    repeats,
    wallMs: Date.now() - started,
  };
};

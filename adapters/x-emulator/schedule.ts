/**
 * The simulated accounts' own posting: each account posts every day, mostly in the spec's peak
 * windows in its local time (morning 8-10, lunch 12-14, evening 18-21; spec part 2 §9), the rest
 * spread over the waking day. Fully determined by the seed, the account and the local date, so two
 * emulators with the same seed and clock show the same timelines, and a day can be generated again
 * whenever a post of it is asked for.
 */
import { DateTime } from 'luxon';
import type { MonitoringTier } from '@core/monitoring/tiers';
import { hash32, mulberry32, pick, type Rng } from '@adapters/ai-offline/prng';
import { snowflake } from './ids';

export interface SimulatedAccount {
  username: string;
  topicKeyword: string;
  monitoringTier: MonitoringTier;
  timeZone: string;
  /** 1..999: the snowflake worker number of its posts. */
  worker: number;
}

export interface SimulatedPost {
  id: string;
  createdAt: number;
  text: string;
  kind: 'original' | 'reply' | 'repost';
  /** For replies (a thread of its own) and reposts: an earlier post of the same day. */
  referencedId?: string;
}

export const PEAK_WINDOWS = [
  { name: 'morning', fromHour: 8, toHour: 10, weight: 0.35 },
  { name: 'lunch', fromHour: 12, toHour: 14, weight: 0.3 },
  { name: 'evening', fromHour: 18, toHour: 21, weight: 0.35 },
] as const;
/** Share of posts inside the peak windows; the rest fall anywhere from 07:00 to 24:00. */
export const PEAK_SHARE = 0.75;

const POSTS_PER_DAY: Readonly<Record<MonitoringTier, readonly [number, number]>> = {
  high: [10, 18],
  standard: [3, 7],
  low: [0, 2],
};

const OPENERS = ['Hot take:', 'Thinking about', 'Big news on', 'A thread on', 'Quick thought on', 'Today in', 'Reminder:', 'Why I care about', 'The future of', 'Lessons from'];
const CLOSERS = ['What do you think?', 'More soon.', 'This matters.', 'Agree or disagree?', 'Details below.', '', 'Stay tuned.', 'Worth a read.'];
const BODIES = [
  'the people who ship every week beat the ones who plan every month',
  'small teams move faster than big budgets',
  'the best ideas look like toys at first',
  'what changed this week and why it matters',
  'focus is saying no to a hundred good things',
  'the numbers everyone is missing',
  'a surprising result from the latest data',
  'what I would tell my younger self',
];

const localTimeOf = (rng: Rng): { hour: number; minute: number } => {
  if (rng() < PEAK_SHARE) {
    let r = rng();
    let window: (typeof PEAK_WINDOWS)[number] = PEAK_WINDOWS[0];
    for (const w of PEAK_WINDOWS) {
      window = w;
      if (r < w.weight) break;
      r -= w.weight;
    }
    const minutes = Math.floor(rng() * (window.toHour - window.fromHour) * 60);
    return { hour: window.fromHour + Math.floor(minutes / 60), minute: minutes % 60 };
  }
  const minutes = Math.floor(rng() * 17 * 60);
  return { hour: 7 + Math.floor(minutes / 60), minute: minutes % 60 };
};

/** The posts of one account on one local date (ISO yyyy-mm-dd), oldest first. */
export const postsOfDay = (seed: number, account: SimulatedAccount, isoDate: string, mentionable: readonly string[]): SimulatedPost[] => {
  const rng = mulberry32(hash32(`${seed}|${account.username.toLowerCase()}|${isoDate}`));
  const [min, max] = POSTS_PER_DAY[account.monitoringTier];
  const count = min + Math.floor(rng() * (max - min + 1));
  const day = DateTime.fromISO(isoDate, { zone: account.timeZone });
  const times = Array.from({ length: count }, () => {
    const { hour, minute } = localTimeOf(rng);
    const second = Math.floor(rng() * 60);
    // DST gaps: luxon moves a missing wall time forward, which is what a phone clock does too.
    return day.set({ hour, minute, second, millisecond: Math.floor(rng() * 1000) }).toMillis();
  }).sort((a, b) => a - b);
  const posts: SimulatedPost[] = [];
  times.forEach((createdAt, index) => {
    const roll = rng();
    const earlier = posts.length > 0 ? pick(rng, posts) : undefined;
    const id = snowflake(createdAt, account.worker, index);
    const others = mentionable.filter((u) => u.toLowerCase() !== account.username.toLowerCase());
    const mention = rng() < 0.1 && others.length > 0 ? ` cc @${pick(rng, others)}` : '';
    const text = `${pick(rng, OPENERS)} ${account.topicKeyword}: ${pick(rng, BODIES)}. ${pick(rng, CLOSERS)}`.trim() + mention;
    if (earlier !== undefined && roll < 0.12) posts.push({ id, createdAt, text: `And one more thing: ${pick(rng, BODIES)}.`, kind: 'reply', referencedId: earlier.id });
    else if (earlier !== undefined && roll < 0.2) posts.push({ id, createdAt, text: `RT @${account.username}: ${earlier.text}`, kind: 'repost', referencedId: earlier.id });
    else posts.push({ id, createdAt, text, kind: 'original' });
  });
  return posts;
};

/** The local dates (in the account's zone) that touch the interval [fromMs, toMs]. */
export const localDatesBetween = (timeZone: string, fromMs: number, toMs: number): string[] => {
  const dates: string[] = [];
  let day = DateTime.fromMillis(fromMs, { zone: timeZone }).startOf('day');
  const last = DateTime.fromMillis(toMs, { zone: timeZone }).startOf('day');
  while (day <= last && dates.length < 400) {
    dates.push(day.toISODate() ?? '');
    day = day.plus({ days: 1 });
  }
  return dates;
};

/**
 * Growth of the text rules with the length of the text: time for n and for 2n characters, for the
 * linear rules (core/text) and, as the peer in the same run, the rules they replaced
 * (bench/text/peer-*.ts). A ratio near 2 per doubling is linear; near 4 is quadratic. The old rules
 * are skipped past the length where one call would take more than OLD_BUDGET_MS.
 *
 *   npm run bench:text            (BENCH_REPEATS=5 by default: the median of that many calls)
 */
import { countCharacters, limitLength } from '@core/text/length';
import { stripMentions } from '@core/text/mentions';
import * as old from './peer-length';
import * as oldMentions from './peer-mentions';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const OLD_BUDGET_MS = 3000;
const SIZES = [2_500, 5_000, 10_000, 20_000, 40_000, 80_000];

const repeatTo = (unit: string, n: number): string => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

interface Workload {
  name: string;
  make: (n: number) => string;
  linear: (s: string) => unknown;
  peer: (s: string) => unknown;
}

/** Runs f, turning the refusal of nested mentions into an answer (it is one). */
const answer = (f: () => unknown) => {
  try {
    f();
  } catch {
    // refused: counted as the time to refuse
  }
};

const workloads: Workload[] = [
  { name: "count: 'ab cd ' text", make: (n) => repeatTo('ab cd ', n), linear: countCharacters, peer: old.countCharacters },
  {
    name: 'count: emoji, flags, accents',
    make: (n) => repeatTo('héllo 👨‍👩‍👧 🇫🇷 e\u0301 你好 ', n),
    linear: countCharacters,
    peer: old.countCharacters,
  },
  { name: 'cut to 4000: sentences', make: (n) => repeatTo('The cat sat on the mat. ', n), linear: (s) => limitLength(s, 4000), peer: (s) => old.limitLength(s, 4000) },
  { name: "strip: 'a @b ' (a mention every 5)", make: (n) => repeatTo('a @b ', n), linear: stripMentions, peer: oldMentions.stripMentions },
  { name: "strip: 'ab cd ' (no mention)", make: (n) => repeatTo('ab cd ', n), linear: stripMentions, peer: oldMentions.stripMentions },
  {
    name: "strip: '@RT@RT…@x' (nested; new refuses)",
    make: (n) => `${'@RT'.repeat(Math.floor(n / 3))}@x`,
    linear: (s) => answer(() => stripMentions(s)),
    peer: (s) => answer(() => oldMentions.stripMentions(s)),
  },
];

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const timeOf = (f: (s: string) => unknown, s: string, repeats: number): number => {
  const times: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    const t = performance.now();
    f(s);
    times.push(performance.now() - t);
  }
  return median(times);
};

const ms = (x: number | undefined) => (x === undefined ? 'skipped' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || a < 0.05 ? '' : `${(b / a).toFixed(1)}x`);

console.log(`text rules, median of ${REPEATS} calls (ms); growth = time(2n) / time(n)`);
for (const w of workloads) {
  console.log(`\n${w.name}`);
  console.log('| n | linear ms | growth | old ms | growth |');
  console.log('|--:|--:|--:|--:|--:|');
  let prevNew: number | undefined;
  let prevOld: number | undefined;
  let oldOver = false;
  for (const n of SIZES) {
    const s = w.make(n);
    w.linear(s); // warm up
    const linear = timeOf(w.linear, s, REPEATS);
    let peer: number | undefined;
    if (!oldOver) {
      const once = performance.now();
      w.peer(s);
      const first = performance.now() - once;
      peer = first > OLD_BUDGET_MS / 4 ? first : timeOf(w.peer, s, REPEATS);
      // The next size would take about four times as long (the old rules are quadratic).
      if (peer * 4 > OLD_BUDGET_MS) oldOver = true;
    }
    console.log(`| ${n.toLocaleString('en')} | ${ms(linear)} | ${ratio(prevNew, linear)} | ${ms(peer)} | ${ratio(prevOld, peer)} |`);
    prevNew = linear;
    prevOld = peer;
  }
}

/**
 * bench:month — the simulated month at full size: 10 users with 2 X accounts each, 50
 * recurring daily schedules (fixed text, variations, AI by the offline writer) and 20 template-group
 * rotations over 10 shared targets, 30 days, the runs of a day spread over three hours. The real
 * server, its embedded scheduler on a movable clock, the X emulator with X's duplicate rule on
 * (tests/api/month.support.ts, the same harness as tests/api/simulated-month.int.test.ts).
 *
 * Prints what the runs ended as, the skip reasons, what reached X, X's duplicate refusals and the
 * texts posted twice inside the windows; the machine's load beside the wall time. There is no peer:
 * no other scheduler runs against this emulator.
 *
 *   npm run bench:month [-- --days 30 --users 10]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runMonth, startMonthWorld } from '../../tests/api/month.support';

const { values } = parseArgs({ options: { days: { type: 'string', default: '30' }, users: { type: 'string', default: '10' } } });
const users = Number(values.users);
const days = Number(values.days);
const shape = { users, accountsPerUser: 2, targets: 10, schedules: 5 * users, rotations: 2 * users, days, hours: 3, kinds: ['variations', 'ai', 'fixed', 'variations', 'ai'] as const };

const load = loadavg()[0]?.toFixed(1);
const { world, usernames } = await startMonthWorld(users);
try {
  const f = await runMonth(world, usernames, shape);
  const line = (k: string, v: unknown) => console.log(`${k.padEnd(44)} ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  console.log(`bench:month — ${users} users, ${users * 2} X accounts, ${shape.schedules} recurring schedules + ${shape.rotations} rotations, ${days} days`);
  line('runs', f.runs);
  line('by status', f.byStatus);
  line('posted on X', f.postedOnX);
  line('refused by X as duplicates', f.xDuplicateRefusals);
  line('same text twice from one account in 7 days', f.sameTextOwnWindow);
  line('same text from two accounts in 24 h', f.sameTextAcrossAccounts);
  line('same text from two accounts at 24 h less < 1 min', f.atWindowEdge);
  line('skipped without a reason', f.skippedWithoutReason);
  console.log('skip reasons:');
  for (const [reason, n] of Object.entries(f.skipReasons).sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${reason}`);
  if (f.repeats.length > 0) console.log('repeats found:', JSON.stringify(f.repeats));
  line('wall time', `${(f.wallMs / 1000).toFixed(1)} s (load average ${load} at the start, ${loadavg()[0]?.toFixed(1)} at the end)`);
} finally {
  await world.close();
}

import { Clock, Infinity as InfinityIcon, Radar, Zap } from 'lucide-react';
import { isUnlimitedTier } from '@core/users/tier';
import { useTrialStatus } from '@web/lib/trial-status';
import { trialStateOf, type User } from '@web/lib/user-model';

/** The spec's 'replies are unlimited' holds for unlimited plans only; the trial is told its count. */
export function repliesPoint(user: Pick<User, 'tier' | 'repliesRemaining' | 'trialEndsAt'>, summary?: string): string {
  if (isUnlimitedTier(user.tier)) return 'Replies are unlimited: schedule as many as you like.';
  // Counted on X (ADR 0047): "N prepared, M posted, K left".
  const counts = summary ?? `${user.repliesRemaining} left`;
  if (user.tier === 'trial') return `Your free trial includes 25 replies on X (${counts}); with Premium replies are unlimited.`;
  if (trialStateOf(user) === 'used') return `You've used your 25 trial replies (${counts}); with Premium your waiting replies go out.`;
  return 'Your free trial has ended; with Premium replies are unlimited.';
}

const otherPoints = [
  { icon: Radar, text: 'Riposte watches a large list of high-impression accounts, plus the ones you add if your plan allows.' },
  { icon: Clock, text: 'Every account is checked alike: more often at peak hours, less often overnight and at weekends.' },
  { icon: Zap, text: 'Checks get closer to instant as more users join.' },
];

export function HowItWorks({ user }: { user: Pick<User, 'tier' | 'repliesRemaining' | 'trialEndsAt'> }) {
  const { data: trial } = useTrialStatus();
  const points = [{ icon: InfinityIcon, text: repliesPoint(user, trial?.summary) }, ...otherPoints];
  return (
    <section
      className="relative overflow-hidden rounded-xl bg-linear-to-br from-blue-600 via-indigo-600 to-violet-600 p-6 text-white shadow-sm sm:p-7"
      data-testid="how-it-works"
    >
      <div className="pointer-events-none absolute -top-20 -right-20 size-64 rounded-full bg-white/10 blur-2xl" />
      <h2 className="relative text-lg font-semibold">How Riposte 2.0 Works</h2>
      <p className="relative mt-1 max-w-3xl text-sm text-blue-100">
        Riposte posts your replies under the new posts of curated, high-impression accounts from your own X accounts, to grow
        your views and followers toward X&apos;s monetisation thresholds.
      </p>
      <ul className="relative mt-5 grid gap-3 sm:grid-cols-2">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 rounded-lg bg-white/10 p-3 text-sm ring-1 ring-white/15">
            <Icon className="mt-0.5 size-4 shrink-0 text-blue-100" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

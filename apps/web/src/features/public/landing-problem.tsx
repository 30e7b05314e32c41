import { Clock, EyeOff, UserX } from 'lucide-react';
import { Section, SectionHeading } from './section';

const PAINS = [
  {
    icon: EyeOff,
    title: 'Posting into the void',
    text: 'Small accounts publish great posts that reach a few dozen people. The algorithm shows new voices to almost no one.',
  },
  {
    icon: Clock,
    title: 'Timing is everything',
    text: 'The replies that get read are the early ones under big posts. Nobody can sit on X all day waiting for the right post.',
  },
  {
    icon: UserX,
    title: 'The thresholds are steep',
    text: 'Creator revenue sharing asks for 500 verified followers and 5 million impressions in 90 days. Most accounts stall far below.',
  },
];

export function LandingProblem() {
  return (
    <Section className="relative overflow-hidden bg-slate-950">
      <div aria-hidden className="absolute inset-0 bg-[radial-gradient(ellipse_60%_50%_at_80%_0%,color-mix(in_oklab,var(--color-violet-600)_35%,transparent),transparent)]" />
      <div className="relative">
        <SectionHeading
          invert
          eyebrow="The problem"
          title={<>X Monetization Is <span className="text-rose-400">HARD</span></>}
          lead="Getting paid on X takes reach you don't have yet. Growing that reach by hand takes hours every day."
        />
        <div className="mt-14 grid gap-5 md:grid-cols-3">
          {PAINS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-white/10 bg-white/[0.04] p-6">
              <span className="grid size-10 place-items-center rounded-lg bg-white/10 text-rose-300">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 font-semibold text-white">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-400">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}

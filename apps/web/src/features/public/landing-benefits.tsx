import { Magnet, Clock, FingerprintPattern, ShieldCheck } from 'lucide-react';
import { Section, SectionHeading } from './section';

const BENEFITS = [
  {
    icon: Magnet,
    title: 'Borrow the biggest audiences',
    text: "A good reply under a post with millions of impressions is seen by that post's readers. Riposte puts yours there, every day.",
  },
  {
    icon: Clock,
    title: 'Be early without being online',
    text: 'New posts from the accounts you follow are picked up quickly and your reply goes out while the post is still climbing.',
  },
  {
    icon: FingerprintPattern,
    title: 'Sound like you, never like a bot',
    text: 'Write variations like {Great|Sharp} point, or let a connected AI model write each reply in your style: a text X would refuse as a repeat is never sent.',
  },
  {
    icon: ShieldCheck,
    title: 'Play by the rules',
    text: "@mentions are stripped, the same text is never posted from two of your accounts, and Riposte follows X's reply rules.",
  },
];

export function LandingBenefits() {
  return (
    <Section id="benefits">
      <SectionHeading
        eyebrow="Why Riposte"
        title="Grow on X without living on X"
        lead="Replying under big accounts is the fastest organic way to be discovered. Riposte does the watching, the writing and the timing."
      />
      <div className="mt-14 grid gap-x-10 gap-y-12 sm:grid-cols-2">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="flex gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1.5 leading-relaxed text-slate-600">{text}</p>
            </div>
          </div>
        ))}
      </div>
    </Section>
  );
}

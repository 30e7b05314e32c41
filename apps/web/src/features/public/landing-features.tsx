import { AtSign, CalendarClock, ImageIcon, LayoutDashboard, Layers, WandSparkles } from 'lucide-react';
import { VIRAL_STYLES } from './plan-facts';
import { Section, SectionHeading } from './section';

// Spec part 1 §1: the six features, in the spec's order.
const FEATURES = [
  {
    icon: CalendarClock,
    title: 'Smart scheduling at peak windows',
    text: 'Replies go out when the accounts you target get the most traffic: more often at peak hours, less overnight and at weekends.',
  },
  {
    icon: WandSparkles,
    title: 'AI reply engine in viral styles',
    text: `Write one reply and the AI rewrites it into a fresh variation in one of ${VIRAL_STYLES} proven viral styles, from witty to insightful.`,
  },
  {
    icon: Layers,
    title: 'Bulk AI scheduling',
    text: 'Schedule AI replies across many accounts and posts in one go instead of one at a time.',
  },
  {
    icon: LayoutDashboard,
    title: 'Scheduler overview',
    text: 'See every schedule, what is due next and what was sent, with the status of each reply.',
  },
  {
    icon: AtSign,
    title: 'Automatic @mention removal',
    text: "Every @mention is stripped from your reply text before it goes out, to keep you on the safe side of X's policies.",
  },
  {
    icon: ImageIcon,
    title: 'Optional images',
    text: 'Attach an image to a reply when a picture says it better. Text-only replies work just as well.',
  },
];

export function LandingFeatures() {
  return (
    <Section id="features" className="bg-slate-50">
      <SectionHeading
        eyebrow="Features"
        title="Everything you need to reply at scale"
        lead="From the first scheduled reply to hundreds a week, Riposte keeps it timely, varied and safe."
      />
      <div className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-xs transition-shadow hover:shadow-md">
            <span className="grid size-10 place-items-center rounded-lg bg-linear-to-br from-indigo-500 to-violet-500 text-white shadow-sm shadow-indigo-500/30">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-5 font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}

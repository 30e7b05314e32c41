import { Link } from 'wouter';
import { FaqList, type FaqItem } from './faq-list';

// Spec part 1 §2: the pricing FAQ covers cancelling, shadowbans and how fast results come.
const ITEMS: FaqItem[] = [
  {
    q: 'Can I cancel anytime?',
    a: "Yes. Cancel whenever you like from your account. Premium stays active until the end of the billing period you've paid for, and you won't be charged again.",
  },
  {
    q: 'Will automated replies get me shadowbanned?',
    a: "No tool can promise how X's systems treat an account, but Riposte is designed to stay within X's rules: @mentions are stripped automatically, a text X would refuse as a repeat is never sent (the next variation is taken, or the run is skipped with the reason), the same text is never sent from two of your accounts, and it never replies twice to the same post from one account. Relevant replies at a sensible pace are what keep an account healthy.",
  },
  {
    q: 'How fast will I see results?',
    a: 'Replies under high-impression posts are seen within minutes of going live, so most people notice more profile visits in the first days. Reaching the monetization thresholds takes steady activity over weeks; how long depends on your niche, your profile and how good your replies are.',
  },
  {
    q: 'What happens when my free trial ends?',
    a: (
      <>
        You keep view-only access to your schedules and reply history, and automated replies pause until you
        upgrade. Haven't started yet?{' '}
        <Link href="/try-it-free" className="font-medium text-indigo-600 hover:text-indigo-500">Try it free</Link>.
      </>
    ),
  },
];

export function PricingFaq() {
  return <FaqList items={ITEMS} />;
}

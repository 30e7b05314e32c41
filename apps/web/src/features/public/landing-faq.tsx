import { Link } from 'wouter';
import { aiPlanSees } from '@core/ai/context';
import { FaqList, type FaqItem } from './faq-list';
import { CURATED_ACCOUNTS, TRIAL_DAYS, TRIAL_REPLIES } from './plan-facts';
import { Section, SectionHeading } from './section';
import { inlineLink } from './styles';

const ITEMS: FaqItem[] = [
  {
    q: 'What does Riposte do?',
    a: `Riposte watches ${CURATED_ACCOUNTS} curated high-impression accounts on X (and accounts you add, if your plan allows). When one of them posts, it prepares your reply, rewritten by AI in the style you chose, and sends it from your own connected X account at a good moment.`,
  },
  {
    q: 'Do my replies include @mentions?',
    a: "No. Riposte strips every @mention from your reply text automatically before it is sent, so your replies stay on the safe side of X's policies. You don't need to remove them yourself.",
  },
  {
    q: 'Does Riposte post for me, or do I press Post?',
    a: "Where X's rules allow automated replies, Riposte posts at the scheduled time. Where they require you to post it yourself, Riposte prepares everything and opens X's own composer pre-filled, so sending takes one tap.",
  },
  {
    q: 'Will this get my account restricted?',
    a: 'Riposte is built to keep you within the rules: mentions are removed, a text X would refuse as a repeat is never sent (a run takes the next variation, or is skipped with the reason), the same text is never posted from two of your accounts, and it never replies twice to one post from the same account. Keep your replies relevant and your volume sensible.',
  },
  {
    q: 'Do you need my X password?',
    a: 'No. You sign in with X and approve access there. Riposte stores only the access token X gives it, encrypted. You can revoke it at any time in your X settings.',
  },
  {
    q: 'What is in the free trial?',
    a: `${TRIAL_DAYS} days with ${TRIAL_REPLIES} automated replies, 1 connected X account, basic AI (the writer sees ${aiPlanSees('trial')}) and all ${CURATED_ACCOUNTS} curated accounts. Bulk scheduling is a Premium feature. After the trial you keep view-only access to your schedules and reply history.`,
  },
  {
    q: 'Can I cancel Premium?',
    a: (
      <>
        Anytime. Premium stays active until the end of the month you paid for and is not renewed after
        that. See <Link href="/pricing" className={inlineLink}>pricing</Link> for the details.
      </>
    ),
  },
];

export function LandingFaq() {
  return (
    <Section id="faq">
      <div className="grid gap-12 lg:grid-cols-[1fr_1.6fr]">
        <SectionHeading
          align="left"
          eyebrow="FAQ"
          title="Questions, answered"
          lead={<>Something else on your mind? <Link href="/contact" className={inlineLink}>Contact support</Link>.</>}
        />
        <FaqList items={ITEMS} />
      </div>
    </Section>
  );
}

/**
 * A fixed corpus of (post, user text, style) cases for the AI writers: real-looking posts of the
 * kind Riposte answers and the short replies creators draft for them. Shared by the offline
 * writer's tests and bench:ai. 240 cases: every user text meets several posts and styles.
 */
import { WRITING_STYLES, type WritingStyle } from '@core/styles';

export const POSTS = [
  'Hiring is the hardest part of building a company. Nobody tells you that when you start.',
  'We just crossed 10,000 paying customers. Three years, no funding, one product.',
  'Hot take: most productivity apps make you less productive.',
  'The Fed held rates again today. Markets barely moved.',
  'Is it still worth learning to code in 2026?',
  'Our new model beats the last one on every benchmark we track.',
  'Remote teams ship faster when they write things down. Change my mind.',
  'Finance rewards the people who keep showing up.',
  'I deleted social media apps from my phone for a month. Here is what happened.',
  'Electric cars will be cheaper than petrol cars by the end of next year.',
  'The best marketing is a product people talk about without being asked.',
  'Every startup eventually becomes a hiring company.',
  'We are raising prices for the first time since launch. Here is why.',
  'Reading one book a week changed how I think about decisions.',
  'Open source maintainers deserve to be paid. Full stop.',
  'Big news: we are opening our first office in Berlin!',
  'Most meetings should have been an email. The rest should have been a walk.',
  'AI agents will handle most customer support within two years.',
  'Cold showers did nothing for me except make me cold.',
  'Your first hundred customers teach you more than any investor will.',
] as const;

export const USER_TEXTS = [
  'Great point about hiring.',
  'This matches what we saw at our company.',
  'Consistency beats talent when talent does not show up.',
  'Writing things down saved our team hours every week.',
  'I do not think the market has priced this in yet.',
  'Congrats on the milestone, well deserved.',
  'Pricing is a product decision, not a finance one.',
  'Totally agree. The first customers shape everything.',
  'Learning to code is still worth it, but for different reasons now.',
  'Benchmarks are not the same as real use.',
  'Deleting the apps was the best thing I did this year.',
  'Open source runs the world and we rarely say thank you.',
  'Meetings are expensive. Most teams never count the cost.',
  'Support is where customers decide if they trust you.',
  'I tried this last year and it really worked for me.',
  'The cheapest car is the one you already own.',
  'Word of mouth is earned, not bought.',
  'Berlin is a great choice for hiring engineers.',
  'Cold showers are overrated, sleep is underrated.',
  'Reading is only useful if you act on what you read.',
  'We are seeing the same trend in our data.',
  'Most people quit right before it starts working.',
  'Small teams move faster because they have to.',
  'This is the kind of honesty founders need to hear.',
] as const;

export interface AiCase {
  post: string;
  text: string;
  style: WritingStyle;
}

export const AI_CORPUS: readonly AiCase[] = Array.from({ length: 240 }, (_, i) => ({
  post: POSTS[(i * 7) % POSTS.length] as string,
  text: USER_TEXTS[i % USER_TEXTS.length] as string,
  style: WRITING_STYLES[(i * 5) % WRITING_STYLES.length] as WritingStyle,
}));

/** Words of a text, lower case, for comparing what a writer kept and what it took from the post. */
export const wordsOf = (text: string): string[] => (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'’-]*|\p{N}+/gu) ?? []).map((w) => w.replace(/’/gu, "'"));

/** True when `out` repeats a run of `n` consecutive words of `post` that `own` (the user's text) does not hold. */
export const quotesPost = (out: string, post: string, own = '', n = 4): boolean => {
  const p = wordsOf(post);
  const o = ` ${wordsOf(own).join(' ')} `;
  const text = ` ${wordsOf(out).join(' ')} `;
  for (let i = 0; i + n <= p.length; i += 1) {
    const run = ` ${p.slice(i, i + n).join(' ')} `;
    if (text.includes(run) && !o.includes(run)) return true;
  }
  return false;
};

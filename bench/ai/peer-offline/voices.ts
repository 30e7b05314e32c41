/**
 * The offline writer's voice per style. A rewrite keeps the author's own sentences (their words
 * carry the meaning; a swapped adjective turns 'small businesses' into 'compact businesses') and
 * builds the style around them: a frame that makes the claim a comeback, a question, a list or a
 * cheer. A reply quotes the post or names its key word, so every frame reads right whatever the
 * post says. No stock tails: whatever a frame adds is part of one sentence about the claim.
 *
 * Rewrite frames: {claim} is the first sentence without its end, first letter lowered unless it
 * is a name ('AI', 'TypeScript', 'I'); {Claim} the same capitalised; {rest} the other sentences
 * (empty for one-sentence styles). Reply frames: {quote} is the post's first sentence (or its
 * first clause) as written; {word} its key word, always in quotes so its grammar never matters.
 * Frame lists are disjoint between styles, so two styles never write the same text.
 */
import type { WritingStyle } from '@core/styles';

export type Shape =
  | 'plain' // claim and the other sentences
  | 'punchy' // the claim alone
  | 'question' // the claim alone, asked
  | 'bullets' // one line per point under a lead
  | 'exclaim' // every sentence ends with "!"
  | 'deadpan' // no exclamation marks
  | 'formal'; // no contractions, no exclamation marks

export interface Voice {
  shape: Shape;
  /** Casual voices contract ("do not" -> "don't"); formal ones expand. */
  register: 'casual' | 'neutral' | 'formal';
  /** Put before a text that is itself a question, and over the points of a list. */
  lead: string;
  frames: readonly string[];
  replies: readonly string[];
}

export const VOICES: { readonly [K in WritingStyle]: Voice } = {
  savage_comeback: {
    shape: 'punchy',
    register: 'casual',
    lead: 'Respectfully,',
    frames: [
      'Respectfully, {claim}. Some of us worked that out a while ago.',
      "Let's be clear: {claim}. Not a debate.",
      'Say it with me: {claim}.',
      '{Claim}. Inconvenient for some, still true.',
      "Here's the version without the excuses: {claim}.",
    ],
    replies: [
      'Imagine posting "{quote}" and expecting applause.',
      'If "{quote}" is the plan, I would love to see the backup plan.',
      'The confidence behind "{quote}" is impressive. The evidence, less so.',
      'Bold of you to lean this hard on "{word}".',
      '"{quote}" is a take. Not a good one, but a take.',
    ],
  },
  hilarious_one_liner: {
    shape: 'punchy',
    register: 'casual',
    lead: 'Plot twist:',
    frames: ['Plot twist: {claim}.', 'Breaking news: {claim}. Film at eleven.', 'Nobody asked, but {claim}.', '{Claim}, and my group chat is already fighting about it.'],
    replies: [
      'Read "{quote}" and my coffee filed for early retirement.',
      '"{word}" is doing more heavy lifting here than I did all year.',
      'Me, pretending I understood "{quote}" the first time.',
      '"{quote}" sounds like my resolutions for the year: ambitious and gone in a fortnight.',
    ],
  },
  bold_unpopular_opinion: {
    shape: 'plain',
    register: 'casual',
    lead: 'Unpopular question:',
    frames: ['Unpopular opinion: {claim}. {rest}', "I'll say it: {claim}. {rest}", 'Nobody wants to hear this, but {claim}. {rest}', 'Going against the grain here: {claim}. {rest}'],
    replies: [
      'Unpopular opinion: "{quote}" gets more credit than it deserves.',
      "I'll say it: the whole thing hinges on \"{word}\", and nobody is questioning it.",
      'Everyone is nodding along to "{quote}". I am not convinced.',
      'Counter-take: "{word}" is not the real problem here.',
    ],
  },
  insight_bomb: {
    shape: 'bullets',
    register: 'neutral',
    lead: 'The short version:',
    frames: ["Here's the part most people miss:", 'Worth saving:', 'The short version:', 'What actually matters here:'],
    replies: [
      'The underrated part of "{quote}": consistency beats intensity.',
      'What most people miss about "{word}": the constraint is attention, not skill.',
      'A simple frame for "{word}": define the goal, remove one blocker, repeat weekly.',
      'Key point on "{quote}": the first small step gives most of the result.',
    ],
  },
  brutally_honest_fact: {
    shape: 'plain',
    register: 'casual',
    lead: 'Honest question:',
    frames: ['Hard truth: {claim}. {rest}', 'Honestly? {Claim}. {rest}', 'Nobody likes to say it, but {claim}. {rest}', 'Plain and simple: {claim}. {rest}'],
    replies: [
      'Hard truth: "{quote}" will not fix itself. Someone has to do the boring work.',
      'Honestly, most people talking about "{word}" have never done it.',
      'Brutal but true: "{word}" rewards the people who keep showing up.',
      'Nobody likes hearing it, but "{quote}" takes years, not weekends.',
    ],
  },
  quote_tweet_bait: {
    shape: 'question',
    register: 'casual',
    lead: 'Be honest:',
    frames: ['{Claim}. Agree or disagree?', 'Be honest: {claim}. Yes or no?', '{Claim}. Quote this with your take.', 'Finish the thought: {claim}, because ___'],
    replies: [
      'Quote this with the worst advice you have heard about "{word}".',
      '"{quote}": agree or disagree? Quote it with your reason.',
      'Finish the sentence: the best thing about "{word}" is ___',
      'Name one thing people get wrong about "{word}". I will start.',
    ],
  },
  hot_take: {
    shape: 'plain',
    register: 'casual',
    lead: 'Spicy question:',
    frames: ["Hot take: {claim}. {rest} And it isn't close.", 'Spicy one: {claim}. {rest}', "{Claim}. {rest} I'll stand by that one.", 'Controversial, but {claim}. {rest}'],
    replies: [
      'Hot take: "{quote}" will look dated within a year.',
      'Spicy one: "{word}" is the most overrated idea in this whole debate.',
      'In five years nobody will remember "{word}". Hot take, I know.',
      'Controversial, but "{quote}" is the least interesting part of this.',
    ],
  },
  dark_humor: {
    shape: 'deadpan',
    register: 'casual',
    lead: 'A question for the void:',
    frames: [
      'Great news, everyone: {claim}. Also great news: nothing lasts.',
      "In today's episode of things I can't control: {claim}. {rest}",
      "{Claim}. I'll add it to the list of things keeping me up at night.",
      'Cheerful reminder that {claim}. {rest}',
    ],
    replies: [
      'Ah yes, "{quote}". My therapist will be thrilled.',
      '"{word}" is the reason my will just got a new chapter.',
      'Great news: "{quote}". Also great news: nothing matters.',
      'I was fine until "{word}". Now I am fine in a different, worse way.',
    ],
  },
  power_play: {
    shape: 'plain',
    register: 'neutral',
    lead: 'The question that matters:',
    frames: ['Seen this play out before: {claim}. {rest}', "Here's the move: {claim}. {rest}", 'From experience: {claim}. {rest}', 'The people who win already know {claim}. {rest}'],
    replies: [
      'Been there. With "{word}", the winners decide early and adjust fast.',
      'Seen this before: "{quote}" is step one. Step two is where most people stop.',
      'The move on "{word}": own the outcome, not the excuses.',
      'From experience, "{quote}" only works if you measure it.',
    ],
  },
  call_out_hypocrisy: {
    shape: 'punchy',
    register: 'casual',
    lead: 'Funny question:',
    frames: [
      'Funny how everyone agrees that {claim}, right until it costs them something.',
      'We all say {claim}. Then we do the opposite.',
      'Notice how "{claim}" only matters when it suits us.',
      "Everyone nods at \"{claim}\", and almost nobody acts on it.",
    ],
    replies: [
      'Funny how everyone praises "{quote}" until it costs them something.',
      'Notice how "{word}" is a virtue when we do it and a scandal when they do.',
      'Love how "{quote}" suddenly matters now.',
      'Interesting that "{word}" only comes up when it is convenient.',
    ],
  },
  witty_response: {
    shape: 'punchy',
    register: 'casual',
    lead: 'Fun question:',
    frames: ['Fun fact: {claim}.', 'Small correction: {claim}.', '{Claim}. Who knew?', 'Allow me to summarise: {claim}.'],
    replies: [
      '"{quote}" sounds like my plans for the weekend: ambitious and short-lived.',
      'I see your "{word}" and raise you a nap.',
      '"{quote}": finally, a plot twist I saw coming.',
      'If "{word}" were a sport, I would be a proud benchwarmer.',
    ],
  },
  expert_analysis: {
    shape: 'formal',
    register: 'formal',
    lead: 'The key question:',
    frames: ['Breaking it down: {claim}. {rest}', "From a practitioner's view, {claim}. {rest}", 'The key point is that {claim}. {rest}', 'Analysis: {claim}. {rest} The second-order effects deserve a closer look.'],
    replies: [
      'Key point on "{word}": incentives drive the outcome, and they rarely stay aligned at scale.',
      'Breaking it down: "{quote}" shifts the cost from the builder to the user. Expect pushback.',
      'The key variable behind "{word}" is timing, not capability.',
      'From a practitioner\'s view, "{quote}" works at small scale; the hard part is the next tenfold.',
    ],
  },
  enthusiastic_fan: {
    shape: 'exclaim',
    register: 'casual',
    lead: 'Yes, and a question:',
    frames: ['Yes! {Claim}! {rest}', 'This is so good: {claim}! {rest}', '{Claim}! {rest} Could not agree more!', 'Absolutely love this: {claim}! {rest}'],
    replies: [
      'Obsessed with this! "{quote}" is exactly what I needed today!',
      'Yes! The part about "{word}" is spot on!',
      'This is so good! "{word}" never gets enough credit!',
      'What a take! "{quote}" deserves way more attention!',
    ],
  },
  thoughtful_question: {
    shape: 'question',
    register: 'neutral',
    lead: 'Genuine question:',
    frames: [
      'Genuine question: if {claim}, what changes first?',
      'Curious: what would it take for more people to see that {claim}?',
      'If {claim}, what are we still getting wrong?',
      'I keep coming back to this: {claim}. Where does that break down?',
    ],
    replies: [
      'Curious: how would "{quote}" change if the budget were halved?',
      'Genuine question: what made you rethink "{word}"?',
      'What would "{word}" look like five years from now, in your view?',
      'Where does "{quote}" break down first, in your experience?',
    ],
  },
  thought_leader: {
    shape: 'plain',
    register: 'neutral',
    lead: 'The bigger question:',
    frames: ['Zooming out: {claim}. {rest}', 'The bigger picture: {claim}. {rest}', 'Where this is heading matters more than the headline: {claim}. {rest}', 'A signal worth reading early: {claim}. {rest}'],
    replies: [
      'Zooming out: "{quote}" is an early signal of a much bigger shift.',
      'The bigger picture on "{word}": the winners will be the ones who adapt first.',
      'Where this is heading: "{word}" becomes table stakes within a few years.',
      'Long term, "{quote}" matters less than the habits it creates.',
    ],
  },
  friendly_engagement: {
    shape: 'plain',
    register: 'casual',
    lead: 'Good question to ask:',
    frames: ['So true. {Claim}. {rest}', 'Totally with you: {claim}. {rest}', 'Needed this today. {Claim}. {rest}', 'Love how clearly this puts it: {claim}. {rest}'],
    replies: [
      'Great point! "{quote}" resonates with me a lot.',
      'Totally with you on "{word}". Thanks for putting it so clearly!',
      'So true. "{word}" is something we should all talk about more.',
      'Needed this today. "{quote}" is a great reminder.',
    ],
  },
  helpful_explainer: {
    shape: 'plain',
    register: 'neutral',
    lead: 'A common question:',
    frames: ['In simple terms: {claim}. {rest}', 'Quick explainer: {claim}. {rest}', 'For anyone new to this: {claim}. {rest}', 'If you only remember one thing, remember that {claim}. {rest}'],
    replies: [
      'In simple terms: "{quote}" means doing less, but doing it better.',
      'Quick explainer on "{word}": it is a trade-off between speed and control.',
      'For anyone new to "{word}": start small, measure, then scale what works.',
      'To put it simply, "{quote}" is about removing friction for people.',
    ],
  },
  trend_connector: {
    shape: 'plain',
    register: 'neutral',
    lead: 'The pattern question:',
    frames: ['This fits a bigger pattern: {claim}. {rest}', 'Part of a wider trend: {claim}. {rest}', 'Connect the dots: {claim}. {rest}', 'Same story in every industry right now: {claim}. {rest}'],
    replies: [
      'This fits a bigger pattern: "{quote}" is happening across every industry right now.',
      '"{word}" is part of a wider trend toward smaller, faster teams.',
      'Connect the dots: "{word}" today, the new normal next year.',
      'Same story everywhere: "{quote}", then everyone copies it.',
    ],
  },
  friendly: {
    shape: 'plain',
    register: 'casual',
    lead: 'Quick question:',
    frames: ['Hey! {Claim}. {rest}', 'Just a friendly note: {claim}. {rest}', 'Quick one: {claim}. {rest}', '{Claim}. {rest} Thought you might like that 😊'],
    replies: ['Hey, love this! "{quote}" made my day.', 'Good one! "{word}" is always worth talking about.', 'Such a warm take on "{word}". Thank you!'],
  },
  professional: {
    shape: 'formal',
    register: 'formal',
    lead: 'A question to consider:',
    frames: ['Key takeaway: {claim}. {rest}', 'For context: {claim}. {rest}', 'To summarise: {claim}. {rest}', 'It is worth stating clearly that {claim}. {rest}'],
    replies: ['Thank you for sharing. "{quote}" is a valuable perspective.', 'Well put. "{word}" deserves careful attention.', 'A clear point on "{word}". Worth reading in full.'],
  },
  humorous: {
    shape: 'punchy',
    register: 'casual',
    lead: 'Asking for a friend:',
    frames: ['Not gonna lie, {claim}.', 'True story: {claim}.', "Confession: {claim}. I'm not even sorry.", '{Claim}. My cat agrees, and she agrees with nothing.'],
    replies: ['"{word}"? My brain just buffered.', '"{quote}", said nobody at 3 a.m. ever.', 'Me pretending to understand "{word}": nodding intensifies.'],
  },
  analytical: {
    shape: 'formal',
    register: 'formal',
    lead: 'The question to test:',
    frames: ['Observation: {claim}. {rest}', 'The data point that matters: {claim}. {rest}', 'Reasoning from the evidence, {claim}. {rest}', 'Stated precisely: {claim}. {rest} The effect compounds over time.'],
    replies: ['Observation: "{quote}". The cause matters more than the headline.', 'Reasoning on "{word}": small inputs, large second-order effects.', 'Data point: "{word}" tends to move before the market notices.'],
  },
  contrarian: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Not so fast:',
    frames: ['Contrary to popular belief, {claim}. {rest}', 'Not so fast: {claim}. {rest}', 'Everyone says otherwise, but {claim}. {rest}', 'Against the consensus: {claim}. {rest}'],
    replies: ['Not so fast: "{quote}" might be the wrong goal entirely.', 'Contrary to popular belief, "{word}" is rarely the bottleneck.', 'Everyone agrees on "{word}". That is exactly why I doubt it.'],
  },
  // The classic Repurpose: the same message in other words, no style named. compose.ts varies
  // the order, joins and register; these frames only set the opening.
  unique_variation: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Simply put,',
    frames: ['{Claim}. {rest}', 'The way I see it, {claim}. {rest}', "Here's the thing: {claim}. {rest}", 'Simply put, {claim}. {rest}'],
    replies: ['Well said. "{quote}" is worth repeating.', '"{word}", in a nutshell: keep it simple.', 'Exactly this: "{quote}".'],
  },
};

/**
 * The offline writer's voice per style: how a rewrite is shaped, the openers and closers it picks
 * from (seeded), and reply frames. Placeholders: {subject} (what the post is about), {keyword},
 * {Keyword} (capitalised). Opener lists are disjoint between styles, so two styles never write the
 * same text for the same input. The guidance of core/styles is what these follow.
 */
import type { WritingStyle } from '@core/styles';

export type Shape =
  | 'plain' // the sentences, reworded
  | 'punchy' // one sentence
  | 'question' // ends as a question
  | 'bullets' // one line per point
  | 'caps' // the keyword shouted
  | 'deadpan' // lower-key, no exclamation marks
  | 'exclaim' // every sentence ends with "!"
  | 'contrast' // "opener + the claim, lower-cased"
  | 'analysis' // claim, then "That means ..." for the next sentence
  | 'formal'; // no contractions, no exclamation marks

export interface Voice {
  shape: Shape;
  /** Casual voices contract ("do not" -> "don't"); formal ones expand. */
  register: 'casual' | 'neutral' | 'formal';
  openers: readonly string[];
  closers: readonly string[];
  replies: readonly string[];
}

export const VOICES: { readonly [K in WritingStyle]: Voice } = {
  savage_comeback: {
    shape: 'punchy',
    register: 'casual',
    openers: ['Respectfully,', "Bold claim. Here's mine:", 'Let me fix that:', 'Cute. Now the real version:', 'Counterpoint, with love:'],
    closers: ['Next.', "You're welcome.", 'Try again.', 'Sit with that.', 'Case closed.'],
    replies: [
      'Imagine thinking {subject} and posting it with confidence.',
      "{Keyword}? Bold strategy. Let's see how that plays out.",
      'Saying {subject} out loud was certainly a choice.',
      "If {subject} is plan A, I'd love to see plan B.",
      'The confidence is impressive. The {keyword} part, less so.',
    ],
  },
  hilarious_one_liner: {
    shape: 'punchy',
    register: 'casual',
    openers: ['Plot twist:', 'Breaking news:', 'Me, reading this:', 'Nobody:'],
    closers: ['😂', "I'll see myself out.", 'No further questions.', ''],
    replies: [
      '{Keyword} is just a group chat with extra steps.',
      'My {keyword} has the same energy as a printer on a Monday.',
      'Read "{subject}" and my coffee filed for early retirement.',
      '{Keyword}: because sleep was getting too comfortable.',
      'Somewhere a {keyword} just felt personally attacked.',
    ],
  },
  bold_unpopular_opinion: {
    shape: 'plain',
    register: 'casual',
    openers: ['Unpopular opinion:', "I'll say it:", 'Nobody wants to hear this, but', 'Going against the grain here:'],
    closers: ['Change my mind.', 'Fight me (politely).', 'Disagree? Tell me why.', "I'll wait."],
    replies: [
      'Unpopular opinion: {subject} is overrated, and most people know it.',
      "I'll say it: {keyword} matters far less than everyone claims.",
      "Everyone's nodding along to {subject}. I'm not convinced.",
      "Counter-take: the real problem isn't {keyword}, it's everything we ignore around it.",
    ],
  },
  insight_bomb: {
    shape: 'bullets',
    register: 'neutral',
    openers: ["Here's the part most people miss:", 'Save this:', 'The short version:', 'What actually works:'],
    closers: ['Bookmark it.', 'Simple, not easy.', 'Reread it in a week.', "That's the whole game."],
    replies: [
      'The underrated part of {subject}: consistency beats intensity. Small steps, every day.',
      'Key insight on {keyword}: the first 20% of effort gives most of the result. Start there.',
      'What most miss about {subject}: the constraint is attention, not skill.',
      'A simple frame for {keyword}: 1) define the goal 2) remove one blocker 3) repeat weekly.',
    ],
  },
  brutally_honest_fact: {
    shape: 'plain',
    register: 'casual',
    openers: ['Hard truth:', 'Honestly?', 'Brutal but true:', 'Nobody says it, so I will:'],
    closers: ["That's it. That's the post.", 'Uncomfortable, but true.', 'Sorry, not sorry.', 'Facts stay facts.'],
    replies: [
      "Hard truth: {subject} won't fix itself. Someone has to do the boring work.",
      'Honestly? Most people talking about {keyword} have never actually done it.',
      'Brutal but true: {keyword} rewards the people who keep showing up.',
      'Nobody likes hearing it, but {subject} takes years, not weekends.',
    ],
  },
  quote_tweet_bait: {
    shape: 'question',
    register: 'casual',
    openers: ['Finish this sentence:', 'Quote this with your take:', 'Be honest:', 'Agree or disagree:'],
    closers: ['Wrong answers only.', 'Quote it with yours.', "I'll read every one.", 'Go.'],
    replies: [
      'Quote this with the worst advice you have ever heard about {keyword}.',
      '{Subject}: agree or disagree? Quote it with your reason.',
      'Finish the sentence: the best thing about {keyword} is ___',
      'Name one thing about {keyword} everyone gets wrong. I will start.',
    ],
  },
  hot_take: {
    shape: 'caps',
    register: 'casual',
    openers: ['Hot take:', 'Spicy one:', '🔥 Take:', 'Controversial, but'],
    closers: ['Stay mad.', 'No notes.', 'I said what I said.', 'Discuss.'],
    replies: [
      "Hot take: {subject} is already yesterday's news.",
      'Spicy one: {keyword} is the most overrated thing this year.',
      '🔥 Take: in five years nobody will remember {keyword}.',
      'Controversial, but {subject} is the least interesting part of this.',
    ],
  },
  dark_humor: {
    shape: 'deadpan',
    register: 'casual',
    openers: ['Ah yes,', 'Great news, everyone:', "In today's episode of doom:", 'Cheerful reminder:'],
    closers: ["We'll all be fine. Probably.", 'Send snacks.', 'Tell my plants I loved them.', 'Anyway, back to the void.'],
    replies: [
      'Ah yes, {subject}. My therapist will be thrilled.',
      '{Keyword}: the reason my will just got a new chapter.',
      'Great news: {subject}. Also great news: nothing matters.',
      "I was fine until {keyword}. Now I'm fine in a different, worse way.",
    ],
  },
  power_play: {
    shape: 'plain',
    register: 'neutral',
    openers: ['Been there.', 'Seen this play out before.', "Here's the move:", 'Quick note from experience:'],
    closers: ['Execute and move on.', 'Results speak louder.', 'Simple playbook.', 'Then do it again.'],
    replies: [
      'Been there. With {keyword}, the winners decide early and adjust fast.',
      'Seen this before: {subject} is step one. Step two is where most people stop.',
      'The move on {keyword}: own the outcome, not the excuses.',
      'From experience: {subject} only works if you measure it.',
    ],
  },
  call_out_hypocrisy: {
    shape: 'contrast',
    register: 'casual',
    openers: ['Funny how', 'Notice how', 'Interesting that', 'Love how'],
    closers: ['Rules for thee.', 'Make it make sense.', 'Double standards, as usual.', 'Just noticing.'],
    replies: [
      'Funny how everyone praises {subject} until it costs them something.',
      'Notice how {keyword} is a virtue when we do it and a scandal when they do.',
      'Love how {subject} suddenly matters now.',
      'Interesting that {keyword} only comes up when it is convenient.',
    ],
  },
  witty_response: {
    shape: 'punchy',
    register: 'casual',
    openers: ['Well,', 'Fun fact:', 'Small correction:', 'Allow me:'],
    closers: ['😉', 'Just saying.', 'Carry on.', ''],
    replies: [
      "{Keyword}? Sounds like my New Year's resolutions: ambitious and short-lived.",
      'I see your {keyword} and raise you a nap.',
      '{Subject}: finally, a plot twist I saw coming.',
      "If {keyword} were a sport, I'd be a proud benchwarmer.",
    ],
  },
  expert_analysis: {
    shape: 'analysis',
    register: 'formal',
    openers: ['Breaking it down:', "From a practitioner's view:", 'The key point:', 'Analysis:'],
    closers: ['Watch the second-order effects.', 'Worth tracking closely.', "That's where the leverage is.", 'The data will tell.'],
    replies: [
      'Key point on {keyword}: incentives drive the outcome. {Subject} scales only if they stay aligned.',
      'Breaking it down: {subject} shifts the cost from the builder to the user. Expect pushback.',
      'The key variable in {keyword} is timing, not capability. Everything else follows.',
      "Practitioner's view: {subject} works at small scale; the hard part is the next 10x.",
    ],
  },
  enthusiastic_fan: {
    shape: 'exclaim',
    register: 'casual',
    openers: ['Yes!', 'This is so good!', 'Absolutely!', 'Obsessed with this!'],
    closers: ['🙌', 'More of this please!', 'Bookmarked!', 'Keep them coming!'],
    replies: [
      'Obsessed with this! {Subject} is exactly what I needed today!',
      'Yes! The part about {keyword} is spot on!',
      'This is so good! {Keyword} never gets enough credit!',
      'Absolutely brilliant take on {keyword}! More please!',
    ],
  },
  thoughtful_question: {
    shape: 'question',
    register: 'neutral',
    openers: ['Curious:', 'Genuine question:', 'I wonder:', 'Thinking about this:'],
    closers: ['', 'Would love your take.', "What's your experience?", 'Curious what others think.'],
    replies: [
      'Curious: how would {subject} change if the budget were halved?',
      'Genuine question: what made you rethink {keyword}?',
      'What would {keyword} look like five years from now, in your view?',
      'Where does {subject} break down first, in your experience?',
    ],
  },
  thought_leader: {
    shape: 'plain',
    register: 'neutral',
    openers: ['Zooming out:', 'The bigger picture:', 'Where this is heading:', 'Long term:'],
    closers: ['The next decade belongs to those who see it early.', 'Watch this space.', 'The shift has already started.', 'Build for that.'],
    replies: [
      'Zooming out: {subject} is an early signal of a much bigger shift.',
      'The bigger picture on {keyword}: the winners will be the ones who adapt first.',
      'Where this is heading: {keyword} becomes table stakes within a few years.',
      'Long term, {subject} matters less than the habits it creates.',
    ],
  },
  friendly_engagement: {
    shape: 'plain',
    register: 'casual',
    openers: ['So true.', 'Great point!', 'Totally with you.', 'Needed this today.'],
    closers: ['Thanks for sharing!', 'Have a great day!', 'Appreciate you posting this.', 'Keep it up!'],
    replies: [
      'Great point! {Subject} resonates with me a lot.',
      'Totally with you on {keyword}. Thanks for putting it so clearly!',
      'So true. {Keyword} is something we should all talk about more.',
      'Needed this today. {Subject} is a great reminder.',
    ],
  },
  helpful_explainer: {
    shape: 'plain',
    register: 'neutral',
    openers: ['In simple terms:', 'Quick explainer:', 'To put it simply:', 'For anyone new to this:'],
    closers: ['Hope that helps!', 'Happy to go deeper.', "That's the gist.", 'Simple as that.'],
    replies: [
      'In simple terms: {subject} means doing less, but doing it better.',
      'Quick explainer on {keyword}: it is a trade-off between speed and control.',
      'For anyone new to {keyword}: start small, measure, then scale what works.',
      'To put it simply, {subject} is about removing friction for people.',
    ],
  },
  trend_connector: {
    shape: 'plain',
    register: 'neutral',
    openers: ['This fits a bigger pattern:', 'Part of a wider trend:', 'Connect the dots:', 'Zoom out and it is the same story:'],
    closers: ['The pattern keeps repeating.', 'Trends rhyme.', 'Expect more of this.', 'Worth watching.'],
    replies: [
      'This fits a bigger pattern: {subject} is happening across every industry right now.',
      '{Keyword} is part of a wider trend toward smaller, faster teams.',
      'Connect the dots: {keyword} today, the new normal next year.',
      'Same story everywhere: {subject}, then everyone copies it.',
    ],
  },
  friendly: {
    shape: 'plain',
    register: 'casual',
    openers: ['Hey!', 'Just a friendly note:', 'Good news:', 'Quick one:'],
    closers: ['😊', 'Have a lovely day!', 'Cheers!', 'Take care!'],
    replies: ['Hey, love this! {Subject} made my day.', 'Good one! {Keyword} is always worth talking about.', 'Such a warm take on {keyword}. Thank you!'],
  },
  professional: {
    shape: 'formal',
    register: 'formal',
    openers: ['In summary:', 'Key takeaway:', 'To clarify:', 'For context:'],
    closers: ['', 'Thank you.', 'Happy to discuss further.', 'Best regards.'],
    replies: ['Thank you for sharing. {Subject} is a valuable perspective.', 'Well put. {Keyword} deserves careful attention.', 'A clear summary of {keyword}. Worth reading in full.'],
  },
  humorous: {
    shape: 'punchy',
    register: 'casual',
    openers: ['Not gonna lie,', 'True story:', 'Confession:', 'Brace yourselves:'],
    closers: ['😄', "(I'm here all week.)", "Don't quote me. Actually, do.", 'Ba-dum-tss.'],
    replies: ['{Keyword}? My brain just buffered.', '{Subject}, said nobody at 3 a.m. ever.', 'Me pretending to understand {keyword}: nodding intensifies.'],
  },
  analytical: {
    shape: 'analysis',
    register: 'formal',
    openers: ['Claim:', 'Observation:', 'Data point:', 'Reasoning:'],
    closers: ['Net effect: it compounds over time.', 'Worth measuring.', 'The numbers will tell.', 'Consequence: plan for it.'],
    replies: ['Observation: {subject}. The cause matters more than the headline.', 'Reasoning on {keyword}: small inputs, large second-order effects.', 'Data point: {keyword} tends to move before the market notices.'],
  },
  contrarian: {
    shape: 'contrast',
    register: 'neutral',
    openers: ['Contrary to popular belief,', 'Not so fast:', 'Everyone says otherwise, but', 'Against the consensus:'],
    closers: ['Think about it.', 'The consensus is often late.', 'Question the obvious.', 'Prove me wrong.'],
    replies: ['Not so fast: {subject} might be the wrong goal entirely.', 'Contrary to popular belief, {keyword} is rarely the bottleneck.', 'Everyone agrees on {keyword}. That is exactly why I doubt it.'],
  },
  unique_variation: {
    shape: 'plain',
    register: 'neutral',
    openers: ['In other words:', 'Put differently:', 'Said another way:', 'Simply put:'],
    closers: ['', '', '', ''],
    replies: ['Well said. {Subject} is worth repeating.', '{Keyword}, in a nutshell: keep it simple.', 'Put simply: {subject}, and that is enough.'],
  },
};

/**
 * The offline writer's voice per style. It has no model, so it never writes a point of its own: a
 * rewrite keeps every sentence of the author whole (their words carry the meaning) and varies only
 * what cannot change it: the register (contractions), the voice's punctuation, a list for several
 * points, and one short closing sentence of the style's own that stands on its own whatever the
 * text says. A reply to a post alone (no text of the author) is one of the style's standalone
 * reactions: it never quotes the post back nor names a word of it, since a word lifted from a post
 * reads as a non sequitur as often as not.
 *
 * Tail and reply lists are disjoint between styles, so two styles never write the same text.
 */
import type { WritingStyle } from '@core/styles';

export type Shape =
  | 'plain' // the sentences as written
  | 'bullets' // one line per point under a lead (when there are several)
  | 'exclaim' // every sentence ends with "!"
  | 'deadpan' // no exclamation marks
  | 'formal'; // no contractions, no exclamation marks

export interface Voice {
  shape: Shape;
  /** Casual voices contract ("do not" -> "don't"); formal ones expand. */
  register: 'casual' | 'neutral' | 'formal';
  /** Over the points of a list. */
  lead: string;
  /** Closing sentences: each grammatical alone, about nothing the text must have said. */
  tails: readonly string[];
  /** Standalone replies to a post. */
  replies: readonly string[];
}

export const VOICES: { readonly [K in WritingStyle]: Voice } = {
  savage_comeback: {
    shape: 'plain',
    register: 'casual',
    lead: 'For the record:',
    tails: ['Not a debate.', 'Some of us worked that out a while ago.', 'Inconvenient, still true.'],
    replies: ['Bold take. The evidence is doing a lot less work than the confidence.', 'I would love to see the backup plan for this one.', 'This aged badly before it was even posted.'],
  },
  hilarious_one_liner: {
    shape: 'plain',
    register: 'casual',
    lead: 'In short:',
    tails: ['Film at eleven.', 'My group chat is already arguing about it.', 'Nobody asked, and yet here we are.'],
    replies: ['I laughed, then I thought about it, then I laughed again.', 'My group chat needs to see this immediately.', 'Somewhere a spreadsheet just got nervous.'],
  },
  bold_unpopular_opinion: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Unpopular, but:',
    tails: ['Unpopular, I know.', 'Happy to be the one who says it.', 'Few will say it out loud.'],
    replies: ['Unpopular opinion: this deserves more pushback than it is getting.', 'I will say what others are thinking: this is only half the story.', 'Respectfully, the crowd is wrong on this one.'],
  },
  insight_bomb: {
    shape: 'bullets',
    register: 'neutral',
    lead: 'The short version:',
    tails: ['That is the whole game.', 'Everything else is detail.', 'Worth writing down.'],
    replies: ['The real insight here is in what is left unsaid.', 'Most people will read this and miss the second-order effect.', 'Save this one. It explains more than it seems to.'],
  },
  brutally_honest_fact: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Plainly:',
    tails: ['No sugar-coating.', 'Nobody likes hearing it.', 'That is just how it is.'],
    replies: ['Hard truth: wanting it to be true does not make it true.', 'Nobody likes hearing this, but someone has to say it.', 'The honest answer is less exciting, and more useful.'],
  },
  quote_tweet_bait: {
    shape: 'plain',
    register: 'casual',
    lead: 'Three points:',
    tails: ['Agree or disagree?', 'Yes or no?', 'Quote this with your take.'],
    replies: ['Where do you land on this one, honestly?', 'Everyone has an opinion here. What is yours?', 'Quote this with the part you disagree with.'],
  },
  hot_take: {
    shape: 'plain',
    register: 'casual',
    lead: 'Hot take, in points:',
    tails: ["And it isn't close.", "I'll stand by that one.", "Fight me on it."],
    replies: ["Hot take: this is underrated, and it isn't close.", "I'll say it: this is the most important post today.", 'Spicy, and correct.'],
  },
  dark_humor: {
    shape: 'deadpan',
    register: 'neutral',
    lead: 'Cheerfully:',
    tails: ['Also, nothing lasts.', 'I will add it to the list of things keeping me up at night.', 'Sleep well.'],
    replies: ['Great, another thing to lie awake about.', 'This is fine. Everything is fine.', 'Adding this to my collection of cheerful thoughts.'],
  },
  power_play: {
    shape: 'plain',
    register: 'neutral',
    lead: 'The moves:',
    tails: ['Act on it.', 'The ones who move first win.', 'Waiting is a decision too.'],
    replies: ['The ones who act on this now will be far ahead in a year.', 'Read it, then move. Most people will only read it.', 'This is leverage, for anyone paying attention.'],
  },
  call_out_hypocrisy: {
    shape: 'plain',
    register: 'casual',
    lead: 'Notice this:',
    tails: ['Then we do the opposite.', 'Funny how that works.', 'Rules for thee, not for me.'],
    replies: ['Funny how the rules change depending on who benefits.', 'Everyone agrees with this until it costs them something.', 'Strange how quiet people get when it is their turn.'],
  },
  witty_response: {
    shape: 'plain',
    register: 'casual',
    lead: 'Briefly:',
    tails: ['Who knew?', 'Shocking, truly.', 'Write that down.'],
    replies: ['Who knew the answer was hiding in plain sight?', 'Taking notes, and a screenshot.', 'Well, that settles it.'],
  },
  expert_analysis: {
    shape: 'formal',
    register: 'formal',
    lead: 'In brief:',
    tails: ['The second-order effects deserve a closer look.', 'The data tends to bear this out.', 'The mechanism matters more than the headline.'],
    replies: ['The second-order effects here deserve a closer look.', 'The underlying mechanism matters more than the headline suggests.', 'The data on this is more nuanced than the discussion implies.'],
  },
  enthusiastic_fan: {
    shape: 'exclaim',
    register: 'casual',
    lead: 'So good:',
    tails: ['Could not agree more!', 'Love this!', 'More of this, please!'],
    replies: ['This is so good!', 'Yes, this! Love it!', 'Absolutely brilliant, thank you for posting this!'],
  },
  thoughtful_question: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Points to weigh:',
    tails: ['Where does that break down?', 'What would change your mind?', 'What am I missing?'],
    replies: ['Where does this break down, in your view?', 'What would it take to change your mind on this?', 'What is the strongest argument against this?'],
  },
  thought_leader: {
    shape: 'plain',
    register: 'neutral',
    lead: 'The bigger picture:',
    tails: ['The bigger picture matters here.', 'This is where things are heading.', 'Worth thinking about over the long run.'],
    replies: ['The bigger picture here is where the next decade is heading.', 'This is a signal worth paying attention to.', 'The long game matters more than the reaction today.'],
  },
  friendly_engagement: {
    shape: 'plain',
    register: 'casual',
    lead: 'A few thoughts:',
    tails: ['Thanks for sharing this.', 'Always good to read you.', 'Appreciate you posting this.'],
    replies: ['Thanks for sharing this, it made my day better.', 'Really enjoyed reading this one.', 'Appreciate you putting this out there.'],
  },
  helpful_explainer: {
    shape: 'bullets',
    register: 'neutral',
    lead: 'Put simply:',
    tails: ['Hope that helps.', 'Happy to explain more.', 'That is the gist of it.'],
    replies: ['For anyone new to this, it is worth reading twice.', 'Happy to explain the background if anyone asks.', 'This is a good starting point for anyone learning the topic.'],
  },
  trend_connector: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Connecting the dots:',
    tails: ['It fits a wider trend.', 'Part of a bigger pattern.', 'Expect to see more of this.'],
    replies: ['This fits a wider pattern that keeps showing up.', 'Expect to see a lot more of this over the next year.', 'One more data point in a trend that is hard to ignore.'],
  },
  friendly: {
    shape: 'plain',
    register: 'casual',
    lead: 'Quick thoughts:',
    tails: ['Thought you might like that 😊', 'Have a great day!', 'Hope this helps someone.'],
    replies: ['Love this, thanks for posting!', 'This made me smile 😊', 'Such a good reminder, thank you.'],
  },
  professional: {
    shape: 'formal',
    register: 'formal',
    lead: 'Key points:',
    tails: ['Happy to discuss further.', 'Thank you for raising this.', 'A point worth considering.'],
    replies: ['Thank you for sharing this perspective.', 'A valuable point, and well put.', 'This is a useful contribution to the discussion.'],
  },
  humorous: {
    shape: 'plain',
    register: 'casual',
    lead: 'Funny, but true:',
    tails: ["I'm not even sorry.", 'My cat agrees, and she agrees with nothing.', 'Please clap.'],
    replies: ["I'm saving this for the next time someone asks me what I do.", 'My cat read this and left the room.', 'This is the content I am here for.'],
  },
  analytical: {
    shape: 'formal',
    register: 'formal',
    lead: 'Breaking it down:',
    tails: ['The effect compounds over time.', 'The trade-offs are worth measuring.', 'The numbers will tell.'],
    replies: ['The trade-offs here are worth measuring carefully.', 'It would be interesting to see the numbers behind this.', 'The effect is likely to compound over time.'],
  },
  contrarian: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Not so fast:',
    tails: ['Not everyone will like it.', 'The consensus is not always right.', 'Worth questioning the obvious.'],
    replies: ['Not so fast. The opposite case deserves a hearing.', 'The consensus may be wrong on this one.', 'Worth questioning before everyone agrees.'],
  },
  unique_variation: {
    shape: 'plain',
    register: 'neutral',
    lead: 'Simply put:',
    tails: [],
    replies: ['Well said.', 'Good point, well made.', 'Worth reading.'],
  },
};

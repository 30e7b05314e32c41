/**
 * The 30 curated accounts every installation offers (spec part 1 §1, §9: "30 of them are offered
 * to users"): real, widely followed X accounts whose posts draw large audiences, across tech,
 * business, news, sports and entertainment. They are seeded on first start (SeedCuratedAccount);
 * the X user id is looked up through the X port rather than written here, so a renamed or
 * re-created account is resolved from X, not from a stale number. The X emulator seeds its
 * simulated accounts from the same list.
 *
 * `timeZone` is where the account mostly posts from: posting peaks follow local mornings, lunches
 * and evenings (the emulator's schedule). Tiers: 'high' for accounts that post all day (news,
 * leagues), 'low' for ones that post rarely, 'standard' otherwise.
 */
import type { CuratedSeed } from './account';
import type { MonitoringTier } from './tiers';

export const CURATED_CATEGORIES = ['tech', 'business', 'news', 'sports', 'entertainment'] as const;
export type CuratedCategory = (typeof CURATED_CATEGORIES)[number];

export interface CuratedAccount extends CuratedSeed {
  username: string;
  displayName: string;
  topicKeyword: string;
  bio: string;
  monitoringTier: MonitoringTier;
  category: CuratedCategory;
  /** IANA zone of the account's usual posting day. */
  timeZone: string;
}

const account = (
  category: CuratedCategory,
  username: string,
  displayName: string,
  topicKeyword: string,
  monitoringTier: MonitoringTier,
  timeZone: string,
  bio: string,
): CuratedAccount => ({ category, username, displayName, topicKeyword, monitoringTier, timeZone, bio });

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const LONDON = 'Europe/London';
const CHICAGO = 'America/Chicago';

export const CURATED_ACCOUNTS: readonly CuratedAccount[] = [
  account('tech', 'elonmusk', 'Elon Musk', 'technology', 'high', CHICAGO, 'Tesla, SpaceX, X and xAI.'),
  account('tech', 'sama', 'Sam Altman', 'AI', 'high', LA, 'CEO of OpenAI.'),
  account('tech', 'sundarpichai', 'Sundar Pichai', 'technology', 'standard', LA, 'CEO of Google and Alphabet.'),
  account('tech', 'satyanadella', 'Satya Nadella', 'technology', 'standard', LA, 'Chairman and CEO of Microsoft.'),
  account('tech', 'tim_cook', 'Tim Cook', 'Apple', 'standard', LA, 'CEO of Apple.'),
  account('tech', 'naval', 'Naval', 'startups', 'high', LA, 'Investor and founder of AngelList.'),
  account('tech', 'paulg', 'Paul Graham', 'startups', 'high', LONDON, 'Essayist, programmer, co-founder of Y Combinator.'),
  account('tech', 'OpenAI', 'OpenAI', 'AI', 'high', LA, 'Creators of ChatGPT.'),
  account('tech', 'verge', 'The Verge', 'tech news', 'standard', NY, 'Technology, science, art and culture news.'),
  account('tech', 'TechCrunch', 'TechCrunch', 'startups', 'standard', LA, 'Startup and technology news.'),
  account('business', 'BillGates', 'Bill Gates', 'philanthropy', 'standard', LA, 'Co-chair of the Gates Foundation.'),
  account('business', 'business', 'Bloomberg', 'markets', 'high', NY, 'Business and markets news.'),
  account('business', 'WSJ', 'The Wall Street Journal', 'business', 'high', NY, 'Business, markets and world news.'),
  account('business', 'Forbes', 'Forbes', 'business', 'standard', NY, 'Business, investing, technology and leadership.'),
  account('business', 'CNBC', 'CNBC', 'markets', 'high', NY, 'Business and financial news.'),
  account('business', 'garyvee', 'Gary Vaynerchuk', 'entrepreneurship', 'standard', NY, 'Entrepreneur, CEO of VaynerMedia.'),
  account('news', 'nytimes', 'The New York Times', 'news', 'high', NY, 'News, analysis and opinion.'),
  account('news', 'CNN', 'CNN', 'breaking news', 'high', NY, 'News from CNN.'),
  account('news', 'BBCBreaking', 'BBC Breaking News', 'breaking news', 'high', LONDON, 'Breaking news from the BBC.'),
  account('news', 'Reuters', 'Reuters', 'world news', 'high', LONDON, 'Top and breaking news worldwide.'),
  account('news', 'AP', 'The Associated Press', 'news', 'high', NY, 'News from the Associated Press.'),
  account('sports', 'espn', 'ESPN', 'sports', 'high', NY, 'Sports news and highlights.'),
  account('sports', 'NBA', 'NBA', 'basketball', 'high', NY, 'The National Basketball Association.'),
  account('sports', 'NFL', 'NFL', 'football', 'high', NY, 'The National Football League.'),
  account('sports', 'Cristiano', 'Cristiano Ronaldo', 'football', 'low', 'Asia/Riyadh', 'Footballer.'),
  account('sports', 'KingJames', 'LeBron James', 'basketball', 'standard', LA, 'Basketball player.'),
  account('entertainment', 'taylorswift13', 'Taylor Swift', 'music', 'low', CHICAGO, 'Singer-songwriter.'),
  account('entertainment', 'rihanna', 'Rihanna', 'music', 'low', LA, 'Singer, founder of Fenty.'),
  account('entertainment', 'KimKardashian', 'Kim Kardashian', 'celebrity', 'standard', LA, 'Founder of SKIMS.'),
  account('entertainment', 'TheRock', 'Dwayne Johnson', 'movies', 'standard', LA, 'Actor and producer.'),
];

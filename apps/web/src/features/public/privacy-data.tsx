import type { ReactNode } from 'react';
import { Link } from 'wouter';

// Sections 1-6 of the privacy policy (spec part 1 §2 and the data categories of §3).
// Sections 7-12 are in privacy-rights.tsx.

export type PolicySection = { id: string; title: string; body: ReactNode };

const link = 'font-medium text-indigo-600 underline decoration-indigo-200 underline-offset-2 hover:decoration-indigo-500';

export const SupportLink = () => <Link href="/contact" className={link}>Support page</Link>;

function Category({ name, children }: { name: string; children: ReactNode }) {
  return (
    <li>
      <strong className="font-semibold text-slate-900">{name}.</strong> {children}
    </li>
  );
}

export const COLLECTION_AND_USE: PolicySection[] = [
  {
    id: 'information-we-collect',
    title: '1. Information we collect',
    body: (
      <>
        <p>We collect only what we need to run Riposte. Depending on how you use the service, this includes:</p>
        <ul>
          <Category name="Account data">
            Your X handle and X user id, the access token X issues when you connect an account (stored
            encrypted), your email address, your display name and profile picture as provided by X, and, if you
            create a username and password, your username and a one-way hash of your password. We never receive
            your X password.
          </Category>
          <Category name="Billing data">
            Your plan, subscription status and renewal date, and the order and transaction identifiers, amounts
            and dates of your payments. Payments are processed by PayPal; we do not receive or store your card
            or bank details.
          </Category>
          <Category name="Content and usage data">
            What you create and do in Riposte: reply texts and templates, images you upload, the accounts you
            monitor, your schedules and chosen reply styles, the replies sent on your behalf and their delivery
            outcomes, and your settings.
          </Category>
          <Category name="Device and log data">
            Technical data sent with each request: IP address, browser type and version, operating system,
            the pages and API routes requested, timestamps and error details. Our logs are configured never to
            contain passwords, session cookies or access tokens.
          </Category>
          <Category name="Support data">
            The messages you send us, your contact details and anything you choose to include when you ask for
            help.
          </Category>
        </ul>
        <p>
          We also process public information from X that the service needs to work, such as the posts of the
          accounts you monitor, so that your replies can be placed under them.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: '2. How we use your information',
    body: (
      <ul>
        <li>To provide the service: connecting your X accounts, watching the accounts you choose, preparing and sending or queuing your replies at the scheduled times, and showing you their history.</li>
        <li>To write reply variations: when you use AI rewriting, the reply text and chosen style are sent to our AI provider to produce a variation. We do not send your email address, tokens or billing data for this.</li>
        <li>To manage your plan: running your free trial, taking payments, and activating, renewing or ending Premium.</li>
        <li>To communicate with you: service messages such as the setup guide and trial reminders, and product updates and tips only if you opted in.</li>
        <li>To keep Riposte secure: authenticating you, preventing abuse and fraud, limiting login attempts, and investigating incidents.</li>
        <li>To support and improve the service: answering your requests, fixing problems, and understanding which features are used, in aggregate.</li>
        <li>To meet legal obligations, such as keeping accounting records.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: '3. Legal bases for processing',
    body: (
      <>
        <p>Where data protection laws such as the GDPR or UK GDPR apply, we rely on these legal bases:</p>
        <ul>
          <li><strong className="font-semibold text-slate-900">Contract:</strong> to provide the service you signed up for, including your trial or subscription.</li>
          <li><strong className="font-semibold text-slate-900">Legitimate interests:</strong> to keep the service secure, prevent abuse, and improve Riposte, where these interests are not overridden by your rights.</li>
          <li><strong className="font-semibold text-slate-900">Consent:</strong> for product updates and tips by email. You can withdraw consent at any time by contacting us; this does not affect processing that took place before.</li>
          <li><strong className="font-semibold text-slate-900">Legal obligation:</strong> to keep billing and tax records and to respond to lawful requests.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'sharing',
    title: '4. How we share information',
    body: (
      <>
        <p>We do not sell your personal information, and we do not share it for advertising. We share it only with:</p>
        <ul>
          <li><strong className="font-semibold text-slate-900">X</strong>, to read posts and to publish or prepare replies from the accounts you connected, as you instruct us.</li>
          <li><strong className="font-semibold text-slate-900">PayPal</strong>, to process your payments.</li>
          <li><strong className="font-semibold text-slate-900">Our AI provider</strong>, for the reply text you ask it to rewrite.</li>
          <li><strong className="font-semibold text-slate-900">Infrastructure providers</strong> that host our servers, databases, backups and email delivery, under contracts that limit their use of the data to providing services to us.</li>
          <li><strong className="font-semibold text-slate-900">Authorities and advisers</strong>, where the law requires it or where it is needed to protect the rights, property or safety of our users, the public or Riposte.</li>
          <li><strong className="font-semibold text-slate-900">A successor</strong>, if Riposte is merged, acquired or sold, in which case this policy continues to protect your information and we will tell you before it becomes subject to a different policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: '5. International transfers',
    body: (
      <p>
        Our providers may process information in countries other than yours, including the United States. Where
        information from the European Economic Area, the United Kingdom or Switzerland is transferred to a country
        without an adequacy decision, we rely on the European Commission's Standard Contractual Clauses (and the UK
        addendum) or another lawful transfer mechanism, together with additional safeguards where needed.
      </p>
    ),
  },
  {
    id: 'retention',
    title: '6. How long we keep information',
    body: (
      <ul>
        <li>Account, content and usage data: for as long as your account exists. When you delete your account, we delete or anonymise this data from our live systems within 30 days.</li>
        <li>Backups: copies in backups are kept for up to 30 days and then overwritten.</li>
        <li>Billing data: for as long as tax and accounting laws require.</li>
        <li>Device and log data: up to 30 days, unless needed longer to investigate a specific security incident.</li>
        <li>Support data: for as long as needed to resolve your request, and up to 12 months afterwards so we can follow up.</li>
        <li>X access tokens: deleted when you disconnect an account or delete your Riposte account.</li>
      </ul>
    ),
  },
];

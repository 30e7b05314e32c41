import { SupportLink, type PolicySection } from './privacy-data';

// Sections 7-12 of the privacy policy.

const strong = 'font-semibold text-slate-900';

export const RIGHTS_AND_SAFEGUARDS: PolicySection[] = [
  {
    id: 'your-rights',
    title: '7. Your rights',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>access the personal information we hold about you and get a copy of it;</li>
          <li>correct information that is inaccurate or incomplete;</li>
          <li>have your information deleted;</li>
          <li>restrict or object to certain processing, including processing based on legitimate interests;</li>
          <li>receive the information you gave us in a portable, machine-readable format;</li>
          <li>withdraw consent where we rely on it;</li>
          <li>lodge a complaint with your local data protection authority.</li>
        </ul>
        <p>
          California residents also have the right to know what personal information we collect and how we use it, to
          delete and correct it, and not to be discriminated against for exercising these rights. We do not sell or
          share personal information as those terms are defined in California law.
        </p>
        <p>
          To exercise a right, contact us through the <SupportLink />. We may need to verify your identity first, and
          we answer within one month. You can also revoke Riposte's access to your X account at any time in your X
          settings under connected apps.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: '8. Cookies',
    body: (
      <>
        <p>
          Riposte uses a single cookie: a session cookie that keeps you signed in. It is strictly necessary for the
          service to work, so it does not require consent. It is marked HttpOnly, cannot be read by scripts, is sent only
          to Riposte, and ends when you log out or the session expires.
        </p>
        <p>
          We use no analytics, advertising or third-party tracking cookies. A few interface preferences, such as whether
          the sidebar is collapsed, are kept in your browser's local storage and never leave your device. When you pay,
          PayPal's own window may set cookies under PayPal's privacy policy.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: '9. Security',
    body: (
      <>
        <p>We protect your information with measures appropriate to its sensitivity, including:</p>
        <ul>
          <li>passwords stored only as <span className={strong}>argon2id</span> hashes, never in readable form;</li>
          <li>X access tokens <span className={strong}>encrypted at rest</span> with AES-256-GCM;</li>
          <li>all traffic served over <span className={strong}>HTTPS</span>;</li>
          <li>server-side sessions with a fresh session id at each sign-in, protection against cross-site request forgery, and rate-limited login;</li>
          <li>access checks on the server for every request, so each user sees only their own data;</li>
          <li>logs that leave out passwords, cookies and tokens.</li>
        </ul>
        <p>
          No system is perfectly secure. If a breach affects your personal information, we will notify you and the
          relevant authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: '10. Children',
    body: (
      <p>
        Riposte is not directed at children under 13, and we do not knowingly collect personal information from them.
        X itself requires its users to be at least 13. If you believe a child under 13 has given us personal
        information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: '11. Changes to this policy',
    body: (
      <p>
        We may update this policy as Riposte changes or the law requires. We will post the new version here and update
        the "Last updated" date. If a change is material, we will tell you by email or in the app before it takes
        effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '12. Contact us',
    body: (
      <p>
        For questions about this policy or your personal information, or to exercise your rights, contact us through
        the <SupportLink /> and mention "Privacy" in your message. Riposte is the controller of the personal
        information described in this policy.
      </p>
    ),
  },
];

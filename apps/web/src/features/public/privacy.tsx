import { COLLECTION_AND_USE, SupportLink } from './privacy-data';
import { RIGHTS_AND_SAFEGUARDS } from './privacy-rights';
import { PublicLayout } from './public-layout';
import { useSession, type PublicPageProps } from './use-session';
import { container } from './styles';

const SECTIONS = [...COLLECTION_AND_USE, ...RIGHTS_AND_SAFEGUARDS];

// Spec part 1 §2: effective and last updated 30 April 2025.
const EFFECTIVE = '30 April 2025';
const UPDATED = '30 April 2025';

// Body text styles for the policy's paragraphs and lists (no typography plugin needed).
const prose =
  'text-[15px] leading-7 text-slate-600 [&_li]:mt-2 [&_li]:pl-1 [&_p]:mt-4 [&_p:first-child]:mt-0 ' +
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-5 [&_ul]:marker:text-slate-300';

/** Route `/privacy`: the privacy policy, open to everyone. */
export default function Privacy({ user }: PublicPageProps) {
  const session = useSession(user);
  return (
    <PublicLayout session={session}>
      <div className="border-b border-slate-200 bg-linear-to-b from-slate-50 to-white">
        <div className={`${container} py-14 sm:py-20`}>
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Legal</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-slate-950 sm:text-5xl">Privacy Policy</h1>
          <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm text-slate-500">
            <div className="flex gap-1.5"><dt>Effective date:</dt><dd className="font-medium text-slate-700">{EFFECTIVE}</dd></div>
            <div className="flex gap-1.5"><dt>Last updated:</dt><dd className="font-medium text-slate-700">{UPDATED}</dd></div>
          </dl>
          <p className="mt-6 max-w-2xl leading-relaxed text-slate-600">
            This policy explains what personal information Riposte collects when you use our website and service,
            how we use and share it, and the choices and rights you have. If anything is unclear, reach us through
            the <SupportLink />.
          </p>
        </div>
      </div>
      <div className={`${container} grid gap-12 py-14 lg:grid-cols-[15rem_1fr] lg:gap-16`}>
        <nav aria-label="Sections" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">On this page</p>
          <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="-ml-px block border-l border-transparent pl-4 text-slate-500 hover:border-slate-400 hover:text-slate-900">
                  {s.title.replace(/^\d+\.\s*/, '')}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl space-y-12">
          {SECTIONS.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
                {s.title}
              </h2>
              <div className={`mt-4 ${prose}`}>{s.body}</div>
            </section>
          ))}
        </article>
      </div>
    </PublicLayout>
  );
}

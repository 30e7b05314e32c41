import { Link } from 'wouter';
import { BrandMark } from './brand-mark';
import { container } from './styles';

// Spec part 1 §2: footer links Home, Free Trial, Pricing, Privacy, Support.
const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/try-it-free', label: 'Free Trial' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/contact', label: 'Support' },
] as const;

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className={`${container} flex flex-col gap-8 py-10 md:flex-row md:items-start md:justify-between`}>
        <div className="max-w-sm space-y-3">
          <BrandMark />
          <p className="text-sm leading-relaxed text-slate-500">
            Scheduled and AI-written replies under the posts of high-impression X accounts, sent from
            your own connected accounts.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            {LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="text-sm text-slate-600 hover:text-slate-900">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-100">
        <p className={`${container} py-5 text-xs text-slate-500`}>
          © {new Date().getFullYear()} Riposte. Not affiliated with or endorsed by X Corp.
        </p>
      </div>
    </footer>
  );
}

import { useState } from 'react';
import { ArrowRight, Menu, X } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { BrandMark } from './brand-mark';
import type { Session } from './use-session';
import { LinkButton } from './link-button';
import { container } from './styles';

const NAV = [
  { href: '/', label: 'Home' },
  { href: '/try-it-free', label: 'Free Trial' },
  { href: '/pricing', label: 'Pricing' },
] as const;

/**
 * Spec part 1 §2 (landing header): signed-in users get 'Go to Schedule Replies'; visitors get
 * 'Log In' and 'Upgrade Now ($20/mo)'. The original sent that button to an external payment link;
 * Riposte takes payment in the app, so it goes to /pricing, whose button leads on to /payment.
 */
function Actions({ session, stacked }: { session: Session; stacked?: boolean }) {
  const layout = stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2';
  if (session.isLoading) return <div className={`${layout} h-10 w-40`} aria-hidden />;
  if (session.user) {
    return (
      <div className={layout}>
        <LinkButton href="/schedule-replies" className={stacked ? 'h-11' : undefined}>
          Go to Schedule Replies <ArrowRight aria-hidden />
        </LinkButton>
      </div>
    );
  }
  return (
    <div className={layout}>
      <LinkButton href="/auth" variant={stacked ? 'outline' : 'ghost'} className={stacked ? 'h-11' : undefined}>
        Log In
      </LinkButton>
      <LinkButton href="/pricing" variant="gradient" className={stacked ? 'h-11' : undefined}>
        Upgrade Now ($20/mo)
      </LinkButton>
    </div>
  );
}

export function PublicHeader({ session }: { session: Session }) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const linkClass = (href: string) =>
    `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-50 md:hover:bg-transparent ${
      location === href ? 'text-slate-900' : 'text-slate-500 hover:text-slate-900'
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md">
      <div className={`${container} flex h-16 items-center justify-between gap-4`}>
        <BrandMark />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className={linkClass(item.href)}
              aria-current={location === item.href ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="hidden md:block">
          <Actions session={session} />
        </div>
        <button
          type="button"
          className="grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="public-mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </button>
      </div>
      {open && (
        <div id="public-mobile-menu" className="border-t border-slate-200 bg-white md:hidden">
          <nav aria-label="Main" className={`${container} flex flex-col gap-1 py-3`}>
            {NAV.map((item) => (
              <Link key={item.href} href={item.href} className={linkClass(item.href)}
                onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            ))}
            <div className="mt-2 border-t border-slate-100 pt-3">
              <Actions session={session} stacked />
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}

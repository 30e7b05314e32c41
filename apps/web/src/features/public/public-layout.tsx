import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import type { Session } from './use-session';

/** Header, page, footer: the frame shared by the four marketing and legal pages. */
export function PublicLayout({ session, children }: { session: Session; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
      <PublicHeader session={session} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

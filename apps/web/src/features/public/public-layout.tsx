import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import type { Session } from './use-session';

/** Header, page, footer: the frame shared by the four marketing and legal pages. */
export function PublicLayout({ session, title, children }: { session: Session; title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
      {/* React 19 hoists <title> into <head>. */}
      <title>{title}</title>
      <PublicHeader session={session} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

import type { ReactNode } from 'react';
import { container } from './styles';

export function Section({ id, className = '', children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} className={`scroll-mt-20 py-20 sm:py-24 ${className}`}>
      <div className={container}>{children}</div>
    </section>
  );
}

export function SectionHeading({ eyebrow, title, lead, invert = false, align = 'center' }: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  invert?: boolean;
  align?: 'center' | 'left';
}) {
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-2xl ${alignment}`}>
      {eyebrow && (
        <p className={`text-sm font-semibold tracking-wide uppercase ${invert ? 'text-indigo-300' : 'text-indigo-600'}`}>
          {eyebrow}
        </p>
      )}
      <h2 className={`mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl ${invert ? 'text-white' : 'text-slate-900'}`}>
        {title}
      </h2>
      {lead && (
        <p className={`mt-4 text-base leading-relaxed text-pretty sm:text-lg ${invert ? 'text-slate-300' : 'text-slate-600'}`}>
          {lead}
        </p>
      )}
    </div>
  );
}

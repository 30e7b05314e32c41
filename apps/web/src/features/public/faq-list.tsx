import type { ReactNode } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';

export type FaqItem = { q: string; a: ReactNode };

export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion type="multiple" className="rounded-2xl border border-slate-200 bg-white px-5 shadow-xs sm:px-6">
      {items.map((item) => (
        <AccordionItem key={item.q} value={item.q} className="border-slate-200">
          <AccordionTrigger className="py-5 text-base font-medium text-slate-900 hover:no-underline">
            {item.q}
          </AccordionTrigger>
          <AccordionContent className="pb-5 text-[15px] leading-relaxed text-slate-600">{item.a}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

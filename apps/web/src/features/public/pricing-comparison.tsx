import { Check, Minus } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { COMPARISON } from './plan-facts';

function Value({ value }: { value: string | boolean }) {
  if (value === true) return <><Check className="mx-auto size-5 text-indigo-600" aria-hidden /><span className="sr-only">Included</span></>;
  if (value === false) return <><Minus className="mx-auto size-5 text-slate-300" aria-hidden /><span className="sr-only">Not included</span></>;
  return <>{value}</>;
}

/** Free vs Premium (spec part 1 §1 plans table). Fixed layout with wrapping cells so it fits at 375 px. */
export function PricingComparison() {
  const cell = 'whitespace-normal px-2 py-3.5 text-center sm:px-4';
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
      <Table className="table-fixed">
        <caption className="sr-only">Free trial compared with Premium</caption>
        <TableHeader>
          <TableRow className="bg-slate-50 hover:bg-slate-50">
            <TableHead scope="col" className="h-12 w-[40%] px-4 sm:px-6">Feature</TableHead>
            <TableHead scope="col" className="h-12 text-center font-semibold text-slate-900">Free trial</TableHead>
            <TableHead scope="col" className="h-12 text-center font-semibold text-indigo-700">Premium</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {COMPARISON.map((row) => (
            <TableRow key={row.feature} className="border-slate-100">
              <TableHead scope="row" className="h-auto whitespace-normal px-4 py-3.5 font-medium text-slate-700 sm:px-6">
                {row.feature}
              </TableHead>
              <TableCell className={`${cell} text-slate-600`}><Value value={row.free} /></TableCell>
              <TableCell className={`${cell} bg-indigo-50/40 font-medium text-slate-900`}><Value value={row.premium} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

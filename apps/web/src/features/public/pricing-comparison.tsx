import { Check, Minus } from 'lucide-react';
import { COMPARISON } from './plan-facts';

function Cell({ value }: { value: string | boolean }) {
  if (value === true) return <><Check className="mx-auto size-5 text-indigo-600" aria-hidden /><span className="sr-only">Included</span></>;
  if (value === false) return <><Minus className="mx-auto size-5 text-slate-300" aria-hidden /><span className="sr-only">Not included</span></>;
  return <>{value}</>;
}

/** Free vs Premium (spec part 1 §1 plans table). Three narrow columns so it fits at 375 px. */
export function PricingComparison() {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Free trial compared with Premium</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            <th scope="col" className="w-[40%] px-4 py-4 text-left font-medium text-slate-500 sm:px-6">Feature</th>
            <th scope="col" className="px-2 py-4 text-center font-semibold text-slate-900 sm:px-4">Free trial</th>
            <th scope="col" className="px-2 py-4 text-center font-semibold text-indigo-700 sm:px-4">Premium</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {COMPARISON.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-4 py-3.5 text-left font-medium text-slate-700 sm:px-6">{row.feature}</th>
              <td className="px-2 py-3.5 text-center text-slate-600 sm:px-4"><Cell value={row.free} /></td>
              <td className="bg-indigo-50/40 px-2 py-3.5 text-center font-medium text-slate-900 sm:px-4"><Cell value={row.premium} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// Shared class strings for the marketing pages. Plain Tailwind so these pages do not wait on
// components/ui; they match the shadcn button sizes so swapping later changes nothing visible.
const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-50';

export const buttonPrimary = `${base} bg-slate-900 px-4 py-2.5 text-sm text-white shadow-sm hover:bg-slate-800`;
export const buttonAccent =
  `${base} bg-linear-to-r from-indigo-600 to-violet-600 px-4 py-2.5 text-sm text-white shadow-sm ` +
  'shadow-indigo-600/20 hover:from-indigo-500 hover:to-violet-500';
export const buttonSecondary =
  `${base} border border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-900 shadow-xs hover:bg-slate-50`;
export const buttonGhost = `${base} px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900`;
export const buttonLarge = 'h-12 px-6 text-base';

export const container = 'mx-auto w-full max-w-6xl px-5 sm:px-8';
export const card = 'rounded-2xl border border-slate-200 bg-white shadow-xs';

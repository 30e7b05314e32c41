// Layout class strings shared by the marketing pages (buttons come from components/ui).
export const container = 'mx-auto w-full max-w-6xl px-5 sm:px-8';
export const card = 'rounded-2xl border border-slate-200 bg-white shadow-xs';
export const inlineLink = 'font-medium text-indigo-600 hover:text-indigo-500';

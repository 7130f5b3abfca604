/** Button looks shared by the back-office screens (contrast checked against white and stone-50). */
export const btn = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60',
  smallDanger:
    'rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60',
  small:
    'rounded-md border border-stone-300 bg-white px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60',
  smallBrand:
    'rounded-md border border-brand-700 bg-white px-3 py-1 text-sm font-medium text-brand-900 hover:bg-brand-50 disabled:opacity-60',
} as const;

export const card = 'rounded-2xl border border-stone-200 bg-white p-4 sm:p-6';

import type { ComponentProps } from 'react';

/** Button looks shared by the back-office screens (contrast checked against white and stone-50). */
const VARIANTS = {
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

export type ButtonVariant = keyof typeof VARIANTS;

/** A variant's classes, then the caller's own (layout: `sm:ms-auto`, `min-h-11`…); for what is not a <button>. */
export function buttonClass(variant: ButtonVariant, extra?: string): string {
  return extra ? `${VARIANTS[variant]} ${extra}` : VARIANTS[variant];
}

export type ButtonProps = ComponentProps<'button'> & { variant: ButtonVariant };

/** A <button> in one of the shared looks; every other prop (type, onClick, aria-*, ref) goes to the element. */
export function Button({ variant, className, ...props }: ButtonProps) {
  return <button {...props} className={buttonClass(variant, className)} />;
}

import '../../pages.css';
import type { ReactNode } from 'react';

/** The frame every auth screen shares: one centred card with a heading and a short explanation. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-sand-50 px-4 py-12 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="auth-title" className="text-2xl font-bold text-stone-900">
          {title}
        </h1>
        {subtitle ? <p className="mt-2 text-stone-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-70';
export const linkClass = 'font-medium text-brand-800 underline-offset-2 hover:underline';

import { useId, useState, type ReactNode } from 'react';
import { controlClass } from './fields.tsx';
import { Icon } from './Icon.tsx';
import { card } from './styles.ts';
import { Button } from './Button.tsx';

/** The frame of every back-office screen: its h1, an optional intro and actions (pages add toasts with withToasts). */
export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {intro ? <p className="mt-1 max-w-3xl text-stone-600">{intro}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-end gap-3">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * A form that toggles open and closed (SPEC §2 "The assign form toggles open and closed"): a button with
 * aria-expanded controls the region.
 */
export function Collapsible({
  openLabel,
  title,
  children,
  defaultOpen = false,
}: {
  openLabel: string;
  title: string;
  children: (close: () => void) => ReactNode;
  defaultOpen?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className={open ? 'w-full' : undefined}>
      <Button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        variant={open ? 'secondary' : 'primary'}
      >
        {/* The name stays the same; aria-expanded and the chevron say whether the form is shown. */}
        <Icon name="chevronNext" className={`size-4 transition-transform ${open ? 'rotate-90 rtl:-rotate-90' : ''}`} />
        {openLabel}
      </Button>
      {open ? (
        <div id={id} role="region" aria-label={title} className={`${card} mt-3`}>
          <h2 className="text-lg font-bold text-stone-900">{title}</h2>
          <div className="mt-4">{children(() => setOpen(false))}</div>
        </div>
      ) : null}
    </div>
  );
}

/** A search box above a table (filters the rows already loaded). */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${controlClass} mt-1`}
      />
    </div>
  );
}

/** Case- and accent-insensitive "contains" over a row's texts. */
export function matches(query: string, ...texts: Array<string | number | null | undefined>): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return texts.some((text) => text !== null && text !== undefined && fold(String(text)).includes(q));
}
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

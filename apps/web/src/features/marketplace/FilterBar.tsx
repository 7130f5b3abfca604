import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_LIMITS, PUBLICATION_SORTS, PUBLICATION_STATES, WILAYAS } from '@filaha/shared';
import { controlClass } from '../../components/ui/fields.tsx';
import { sellerRolesQuery, type ListFilters } from './api.ts';
import { categoryOptions, hasActiveFilters } from './filters.ts';
import { sellerRoleName, useLang } from './format.ts';

/** Typing pauses this long before the list is asked again (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 350;

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${controlClass} mt-1`}>
        {children}
      </select>
    </div>
  );
}

/** Search (debounced, server-side), category (seller role), wilaya, availability and sort. */
export function FilterBar({ filters, onChange }: { filters: ListFilters; onChange: (next: ListFilters) => void }) {
  const { t } = useTranslation('marketplace');
  const lang = useLang();
  const searchId = useId();
  const roles = useQuery(sellerRolesQuery);
  const [text, setText] = useState(filters.q);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  const pushed = useRef(filters.q);

  // An outside change of q (reset, Back) refills the box; what was typed is pushed after a pause.
  useEffect(() => {
    if (filters.q === pushed.current) return;
    pushed.current = filters.q;
    setText(filters.q);
  }, [filters.q]);
  useEffect(() => {
    if (text === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = text;
      latest.current.onChange({ ...latest.current.filters, q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });

  return (
    <div
      role="search"
      aria-label={t('filters.label')}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      {/* One filter per line on a phone: two per line cut the labels and the chosen option. */}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-4">
          <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
            {t('filters.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            maxLength={MARKETPLACE_LIMITS.searchMaxLength}
            placeholder={t('filters.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              pushed.current = text;
              set({ q: text });
            }}
            className={`${controlClass} mt-1`}
          />
        </div>
        <Select label={t('filters.category')} value={filters.category} onChange={(category) => set({ category })}>
          <option value="">{t('filters.allCategories')}</option>
          {categoryOptions(roles.data).map((o) => (
            <option key={o.value} value={o.value}>
              {o.role === 'suppliers' ? t('filters.allSuppliers') : sellerRoleName(o.role, lang)}
            </option>
          ))}
        </Select>
        <Select label={t('filters.wilaya')} value={filters.wilaya} onChange={(wilaya) => set({ wilaya })}>
          <option value="">{t('filters.allWilayas')}</option>
          {WILAYAS.map((w) => (
            <option key={w.id} value={w.id}>
              {String(w.id).padStart(2, '0')} — {w[lang]}
            </option>
          ))}
        </Select>
        <Select
          label={t('filters.availability')}
          value={filters.etat}
          onChange={(etat) => set({ etat: etat as ListFilters['etat'] })}
        >
          <option value="">{t('filters.anyAvailability')}</option>
          {PUBLICATION_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`state.${s}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('filters.sort')}
          value={filters.sort}
          onChange={(sort) => set({ sort: sort as ListFilters['sort'] })}
        >
          {PUBLICATION_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      {hasActiveFilters(filters) ? (
        <button
          type="button"
          onClick={() => {
            pushed.current = '';
            setText('');
            onChange({ ...filters, q: '', category: '', wilaya: '', etat: '' });
          }}
          className="mt-3 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {t('filters.reset')}
        </button>
      ) : null}
    </div>
  );
}

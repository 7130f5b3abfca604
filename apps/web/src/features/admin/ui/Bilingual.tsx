import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { localizedName } from '@filaha/shared';
import { useCatalogText } from '../../../lib/catalogText.ts';
import { scrollBehavior } from '../../../lib/format.ts';

export { useCatalogText };
import { card } from '../../../components/ui/styles.ts';
import { Button } from '../../../components/ui/Button.tsx';
import type { DetailItem } from '../../../components/ui/DetailsPanel.tsx';

/**
 * Catalogue texts entered in the back office (plan names, client types, functionalities, seller plan texts) are
 * stored in French and Arabic; the Arabic one may be missing ('' = not translated yet). These helpers show the
 * reader's language, fall back to the French, and mark the missing Arabic in the admin lists.
 */

type Lang = 'ar' | 'fr';

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'fr' ? 'fr' : 'ar';
}

export const hasArabic = (ar: string | null | undefined): boolean => Boolean(ar?.trim());

/** A small badge saying the Arabic text is missing (so the French one is shown to Arabic readers). */
export function MissingArabic() {
  const { t } = useTranslation('admin');
  return (
    <span
      title={t('common.arMissingHint')}
      data-testid="ar-missing"
      className="ms-2 inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900"
    >
      {t('common.arMissing')}
      <span className="sr-only"> — {t('common.arMissingHint')}</span>
    </span>
  );
}

/**
 * A catalogue text in the reader's language, with `lang` set to the language actually shown (a French fallback
 * inside the Arabic page is read with French rules), and the "AR missing" badge when `badge` is set.
 */
export function CatalogText({
  fr,
  ar,
  badge = false,
  className,
}: {
  fr: string;
  ar?: string | null;
  badge?: boolean;
  className?: string;
}) {
  const lang = useLang();
  const shown = localizedName({ fr, ar }, lang);
  const shownLang = lang === 'ar' && hasArabic(ar) ? 'ar' : 'fr';
  return (
    <>
      <span lang={shownLang} dir="auto" className={className}>
        {shown}
      </span>
      {badge && !hasArabic(ar) ? <MissingArabic /> : null}
    </>
  );
}

/**
 * A catalogue text's two lines in a row's details: the French, then the Arabic or the "AR missing" badge.
 * `label` is the field's name ("Name of the offer"), said with its language.
 */
export function bilingualDetails(
  t: TFunction<'admin'>,
  label: string,
  fr: string,
  ar: string | null | undefined,
): DetailItem[] {
  return [
    { label: t('common.inFrench', { label }), value: <span lang="fr">{fr}</span> },
    { label: t('common.inArabic', { label }), value: hasArabic(ar) ? <span lang="ar">{ar}</span> : <MissingArabic /> },
  ];
}

/** The edit form of a row, in a titled card brought into view and focused when it opens, with Cancel. */
export function EditPanel({ title, onCancel, children }: { title: string; onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
    heading.current?.focus();
  }, [title]);
  return (
    <section role="region" aria-label={title} className={`${card} mt-3`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        <Button type="button" onClick={onCancel} variant="secondary">
          {t('common.cancel')}
        </Button>
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

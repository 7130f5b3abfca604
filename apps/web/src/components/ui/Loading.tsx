import { useTranslation } from 'react-i18next';

/** The loading message of SPEC §4 ('Chargement...'), announced politely to screen readers. */
export function Loading({ className = 'py-16' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" aria-live="polite" className={`text-center text-stone-600 ${className}`}>
      {t('loading')}
    </p>
  );
}

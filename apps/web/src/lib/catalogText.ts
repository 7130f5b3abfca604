import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '@filaha/shared';

/**
 * Catalogue texts entered in the back office (plan names, client types, functionalities, seller plan texts) come
 * in French and Arabic; the Arabic one may be missing ('' = not translated yet). `(fr, ar) => text` in the reader's
 * language, the French one when the Arabic is missing.
 */
export function useCatalogText(): (fr: string, ar?: string | null) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  return useCallback((fr: string, ar?: string | null) => localizedName({ fr, ar }, lang), [lang]);
}

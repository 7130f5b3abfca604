import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaRoute } from '../../app/areas.ts';
import { PAGES } from '../../app/pages.ts';

/** Renders the screen of a route of an area and names the tab after it. */
export function AreaPageView({ route }: { route: AreaRoute }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const title = t(route.label);

  useEffect(() => {
    document.title = `${title} · ${tc('brand.name')}`;
  }, [title, tc]);

  const Page = PAGES[route.page];
  return <Page />;
}

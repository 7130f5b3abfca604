import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaDef, AreaRoute } from '../../app/areas.ts';
import { AreaHome } from './AreaHome.tsx';
import { InPreparation } from './InPreparation.tsx';
import { PAGES } from '../../app/pages.ts';

/** Renders what each route of an area has today and names the tab after it. */
export function AreaPageView({ area, route }: { area: AreaDef; route: AreaRoute }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const title = t(route.label);

  useEffect(() => {
    document.title = `${title} · ${tc('brand.name')}`;
  }, [title, tc]);

  if (route.page === 'home') return <AreaHome area={area} title={title} />;
  const Page = PAGES[route.page];
  return Page ? <Page /> : <InPreparation area={area} title={title} />;
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FarmMapProps } from './FarmMap.tsx';
import { FarmMapFrame } from './FarmMapFrame.tsx';

const FarmMapContent = lazy(() => import('./FarmMap.tsx').then((m) => ({ default: m.FarmMapContent })));

/**
 * The farm map with its code (Leaflet, about 40 KB compressed) fetched only once the screen can be used: the
 * frame shows a loading line until `ready` (the parcels have arrived) and one paint more, so on a weak connection
 * the form, its data and Generate come first (docs/PERFORMANCE.md, "Web on a weak connection").
 */
export function LazyFarmMap({ ready = true, ...props }: FarmMapProps & { ready?: boolean }) {
  const { t } = useTranslation('farm');
  const [load, setLoad] = useState(false);
  // After the paint that showed the usable screen, not during its render: an effect may run before that paint
  // (React flushes it early after a discrete update), so the next frame, then a task after it.
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLoad(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  const waiting = (
    <p data-testid="farm-map-loading" className="grid size-full place-items-center text-sm text-stone-700">
      {t('map.loading')}
    </p>
  );
  return (
    <FarmMapFrame label={props.label} heightClass={props.heightClass} busy={!load}>
      {load ? (
        <Suspense fallback={waiting}>
          <FarmMapContent {...props} />
        </Suspense>
      ) : (
        waiting
      )}
    </FarmMapFrame>
  );
}

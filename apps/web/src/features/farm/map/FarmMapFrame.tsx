import type { ReactNode } from 'react';
import { FARM_MAP_HEIGHT } from './mapConfig.ts';

/**
 * The farm map's box: a named region of a fixed height, `dir="ltr"` (Leaflet positions tiles and controls in
 * left/top pixels, which an RTL page would otherwise mirror). The same element holds the loading text and then
 * the map (map/LazyFarmMap.tsx), so nothing moves or is replaced when the map's code arrives.
 */
export function FarmMapFrame(props: {
  label: string;
  heightClass?: string | undefined;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      dir="ltr"
      role="region"
      aria-label={props.label}
      aria-busy={props.busy ? true : undefined}
      className={`relative isolate overflow-hidden rounded-xl border border-stone-300 bg-stone-300 ${props.heightClass ?? FARM_MAP_HEIGHT}`}
    >
      {props.children}
    </div>
  );
}

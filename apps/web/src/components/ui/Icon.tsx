import type { SVGProps } from 'react';

/** Stroke icons drawn on a 24px grid. Only directional ones are mirrored in RTL (`mirror`). */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronNext: 'M9 5l7 7-7 7',
  chevronPrev: 'M15 5l-7 7 7 7',
  arrowNext: 'M5 12h14m-6-6 6 6-6 6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  check: 'M5 12.5l4.5 4.5L19 7',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2.5v.01',
  linkedin:
    'M4 9h4v11H4zM6 4a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 5h4v2c.6-1.2 2-2.2 4-2.2 3 0 4 2 4 5V20h-4v-5.5c0-1.4-.6-2.3-1.8-2.3S14 13 14 14.5V20h-4z',
  youtube:
    'M3 8.5C3 6.5 4.5 5 6.5 5h11C19.5 5 21 6.5 21 8.5v7c0 2-1.5 3.5-3.5 3.5h-11C4.5 19 3 17.5 3 15.5zM10 9v6l5-3z',
  satellite:
    'M13 7l4 4M9.5 10.5l4 4M4 14l3-3 6 6-3 3zM14 4l3-3 6 6-3 3zM11 9l4 4M16 20a4 4 0 0 0 4-4M16 23a7 7 0 0 0 7-7',
  store: 'M4 9l1.5-5h13L20 9M4 9h16v2a3 3 0 0 1-5 2 3 3 0 0 1-6 0 3 3 0 0 1-5-2zM5 13v7h14v-7M10 20v-4h4v4',
  drill: 'M12 2v6M8 8h8l-1 4H9zM10 12l2 10 2-10M4 22h16',
  soil: 'M3 10h18M3 14h18M3 18h18M7 6c0-1.5 1.2-3 3-3M12 6c0-2 1-3 2.5-3M3 6h18',
  leaf: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zm0 0l7-7',
  farmer: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0M7 5h10',
  people:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20a7 7 0 0 1 14 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6 6 0 0 1 4 6',
  bank: 'M3 9l9-5 9 5M5 9v9M9.5 9v9M14.5 9v9M19 9v9M3 20h18',
  tractor:
    'M4 15V8h6l2 4h6a2 2 0 0 1 2 2v3M7 20a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm11 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6 8V5h3',
  coins:
    'M9 10c3.3 0 6-1.1 6-2.5S12.3 5 9 5 3 6.1 3 7.5 5.7 10 9 10zM3 7.5v9C3 17.9 5.7 19 9 19s6-1.1 6-2.5M3 12c0 1.4 2.7 2.5 6 2.5M15 12c3.3 0 6-1.1 6-2.5S18.3 7 15 7',
} as const;

export type IconName = keyof typeof PATHS;
const MIRRORED: ReadonlySet<IconName> = new Set(['chevronNext', 'chevronPrev', 'arrowNext']);

interface StrokeIconProps extends SVGProps<SVGSVGElement> {
  /** The path, drawn on a 24px grid. */
  d: string;
  /** Directional: flipped in RTL. */
  mirror?: boolean;
  /** Icons are decorative by default; the control that holds them carries the accessible name. */
  title?: string;
}

/** A stroke icon of one path (Icon, the sidebar's AreaGlyph). */
export function StrokeIcon({ d, mirror = false, className = 'size-5', title, ...rest }: StrokeIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={mirror ? `${className} rtl:[transform:scaleX(-1)]` : className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      <path d={d} />
    </svg>
  );
}

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  /** Icons are decorative by default; the control that holds them carries the accessible name. */
  title?: string;
}

export function Icon({ name, ...rest }: IconProps) {
  return <StrokeIcon d={PATHS[name]} mirror={MIRRORED.has(name)} {...rest} />;
}

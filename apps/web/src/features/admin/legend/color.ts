import { RGB_PATTERN } from '@filaha/shared';

/** SPEC §5: the legend colour defaults to black and is sent as an rgb string. */
export const DEFAULT_LEGEND_COLOR = 'rgb(0, 0, 0)';

/** '#1a9641' (what `<input type="color">` gives) → 'rgb(26, 150, 65)' (what the API stores). */
export function hexToRgb(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return DEFAULT_LEGEND_COLOR;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** 'rgb(26, 150, 65)' → '#1a9641', for the picker when a legend is edited; anything else gives black. */
export function rgbToHex(rgb: string): string {
  const m = RGB_PATTERN.exec(rgb.trim());
  if (!m) return '#000000';
  const channels = m.slice(1).map((c) => Math.min(255, Number(c)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

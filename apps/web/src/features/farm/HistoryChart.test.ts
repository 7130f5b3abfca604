import { describe, expect, it } from 'vitest';
import { CHART_COLOURS } from './HistoryChart.tsx';

/** WCAG 2.2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('history chart colours (WCAG 1.4.11, graphics ≥ 3:1)', () => {
  it('the p25–p75 band stands out from the card, and the mean line from the band', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast(CHART_COLOURS.band, CHART_COLOURS.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_COLOURS.mean, CHART_COLOURS.band)).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_COLOURS.mean, CHART_COLOURS.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CHART_COLOURS.text, CHART_COLOURS.background)).toBeGreaterThanOrEqual(4.5);
  });
});

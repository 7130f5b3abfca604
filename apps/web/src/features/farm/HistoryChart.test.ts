import { describe, expect, it } from 'vitest';
import { contrast } from '../../../test/contrast.ts';
import { CHART_COLOURS } from './HistoryChart.tsx';

describe('history chart colours (WCAG 1.4.11, graphics ≥ 3:1)', () => {
  it('the p25–p75 band stands out from the card, and the mean line from the band', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast(CHART_COLOURS.band, CHART_COLOURS.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_COLOURS.mean, CHART_COLOURS.band)).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_COLOURS.mean, CHART_COLOURS.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CHART_COLOURS.text, CHART_COLOURS.background)).toBeGreaterThanOrEqual(4.5);
  });
});

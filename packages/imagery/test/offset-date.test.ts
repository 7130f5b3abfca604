import { describe, expect, it } from 'vitest';
import { BASELINE_04_FROM, parseItem, reflectanceDnOffset } from '../src/index.ts';

/**
 * Issue 28 §1: an L2A item with neither the offset flag (`earthsearch:boa_offset_applied`, or an offset in the
 * assets' `raster:bands`) nor `s2:processing_baseline` was read without the −1000 offset whatever its date. The
 * acquisition date decides then: processing baseline 04.00, which adds the offset, applies from 2022-01-25.
 */
let serial = 0;
/** A bare L2A item acquired at `datetime`: no flag, no baseline, no raster:bands. */
function bareItem(datetime: string) {
  serial += 1;
  return {
    type: 'Feature',
    id: `S2A_31SDA_${datetime.slice(0, 10).replaceAll('-', '')}_${serial}_L2A`,
    collection: 'sentinel-2-l2a',
    properties: { datetime },
    assets: { red: { href: 'B04.tif' }, nir: { href: 'B08.tif' }, scl: { href: 'SCL.tif' } },
  };
}

describe('the reflectance offset of an item that declares nothing', () => {
  it('is decided by the acquisition date: −1000 from 2022-01-25 (baseline 04.00), none before', () => {
    expect(BASELINE_04_FROM).toBe('2022-01-25');
    const warn = () => undefined;
    const before = parseItem(bareItem('2022-01-24T23:59:59Z'), null, { warn })!;
    const from = parseItem(bareItem('2022-01-25T00:00:00Z'), null, { warn })!;
    expect([before.dnOffset, before.offsetSource]).toEqual([0, 'date']);
    expect([from.dnOffset, from.offsetSource]).toEqual([1000, 'date']);
    expect(parseItem(bareItem('2025-08-05T10:30:00Z'), null, { warn })!.dnOffset).toBe(1000);
    expect(parseItem(bareItem('2019-06-01T10:30:00Z'), null, { warn })!.dnOffset).toBe(0);
    expect(reflectanceDnOffset({ boaOffsetApplied: null, processingBaseline: null }, '2022-01-25')).toBe(1000);
    expect(reflectanceDnOffset({ boaOffsetApplied: null, processingBaseline: null }, '2022-01-24')).toBe(0);
  });

  it('leaves the declared rules first: the flag, then the baseline', () => {
    const warn = () => undefined;
    const flagged = {
      ...bareItem('2024-05-01T10:00:00Z'),
      properties: { datetime: '2024-05-01T10:00:00Z', 'earthsearch:boa_offset_applied': true },
    };
    expect(parseItem(flagged, null, { warn })!).toMatchObject({ dnOffset: 0, offsetSource: 'baseline' });
    const old = {
      ...bareItem('2024-05-01T10:00:00Z'),
      properties: { datetime: '2024-05-01T10:00:00Z', 's2:processing_baseline': '03.01' },
    };
    expect(parseItem(old, null, { warn })!).toMatchObject({ dnOffset: 0, offsetSource: 'baseline' });
  });

  it('is logged once per item, naming it and the date', () => {
    const messages: string[] = [];
    const warn = (message: string) => messages.push(message);
    const item = bareItem('2023-03-10T10:00:00Z');
    parseItem(item, null, { warn });
    parseItem(item, null, { warn });
    parseItem(structuredClone(item), null, { warn });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(item.id);
    expect(messages[0]).toContain('2023-03-10');
    parseItem(bareItem('2021-03-10T10:00:00Z'), null, { warn });
    expect(messages).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { backfillStart } from './catalog-poll.ts';

/** jobs/catalog-poll.ts: a new parcel is back-filled, with a STAC API, over the current and the previous season. */
describe('backfillStart', () => {
  it("is the previous agricultural season's first day (seasons run from 1 September)", () => {
    expect(backfillStart(new Date('2026-11-28T10:00:00Z'))).toBe('2025-09-01');
    expect(backfillStart(new Date('2026-09-01T00:00:00Z'))).toBe('2025-09-01');
    expect(backfillStart(new Date('2026-08-31T23:59:59Z'))).toBe('2024-09-01');
    expect(backfillStart(new Date('2027-01-01T00:00:00Z'))).toBe('2025-09-01');
  });
});

/** Slots of the shared counter array between the bench and its loopback COG/STAC server worker. */
export const COUNTER = {
  /** GET requests for COG bytes (Range or whole file). */
  cogRequests: 0,
  /** Body bytes sent for those GETs. */
  cogBytes: 1,
  headRequests: 2,
  stacSearches: 3,
  stacBytes: 4,
  /** GETs without a Range header (the whole file sent). */
  fullReads: 5,
  notFound: 6,
  /** Written by the bench, stamped by the STAC stub into every asset href (`?g=N`). */
  generation: 7,
  /** Written by the bench: when ≥ 0, replaces the `delayMs` the server was started with (ms before each answer). */
  delayOverride: 8,
} as const;

export const COUNTER_SLOTS = 9;

export interface CogServerInit {
  catalogDir: string;
  counters: SharedArrayBuffer;
  /** Added before every answer (COG GET/HEAD and STAC search): a simulated network round trip. */
  delayMs?: number;
  /** Serve COG bytes from the files (positional reads) instead of holding the catalog in memory. */
  fromDisk?: boolean;
}

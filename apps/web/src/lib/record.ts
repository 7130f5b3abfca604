/** A JSON object (or any non-null object) read as fields of unknown type: what a reader narrows before using one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

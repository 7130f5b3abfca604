/** A Map-ordered LRU bounded by a byte budget (decoded tiles) or by entry count (size function → 1). */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private used = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly capacity: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    const size = this.sizeOf(value);
    const previous = this.entries.get(key);
    if (previous) {
      this.used -= previous.size;
      this.entries.delete(key);
    }
    if (size > this.capacity) return;
    this.entries.set(key, { value, size });
    this.used += size;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.capacity) break;
      this.entries.delete(oldest);
      this.used -= entry.size;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedCapacity(): number {
    return this.used;
  }
}

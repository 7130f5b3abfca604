import type { ByteSource } from './byte-source.ts';

interface Slice {
  offset: number;
  length: number;
}

interface Pending extends Slice {
  resolve: (data: ArrayBuffer) => void;
  reject: (error: unknown) => void;
}

/**
 * Exactly the requested bytes as an ArrayBuffer of their own: geotiff must never see a shared slab (it may
 * undo a predictor in place). Bytes that are fresh from a read (`adopt`) and already a whole buffer — one tile
 * read alone — are handed on as they are.
 */
function exactBuffer(bytes: Uint8Array, start: number, end: number, adopt = false): ArrayBuffer {
  if (adopt && start === 0 && end === bytes.byteLength && bytes.byteOffset === 0 && bytes.buffer.byteLength === end) {
    return bytes.buffer as ArrayBuffer;
  }
  const copy = new Uint8Array(Math.max(0, end - start));
  copy.set(bytes.subarray(start, end));
  return copy.buffer;
}

/**
 * geotiff.js data source over a ByteSource. The first `headerBytes` are read once (IFDs, tile offsets and
 * byte counts of a COG live there), then every tile is one exact Range request. Slices requested in the
 * same turn of the event loop are sorted and adjacent ones merged, as GDAL does, so neighbouring tiles of
 * a window cost one request.
 */
export class TiffSource {
  private header: Uint8Array | null = null;
  private headerPromise: Promise<Uint8Array> | null = null;
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly bytes: ByteSource,
    private readonly headerBytes: number,
    private readonly mergeGap: number,
  ) {}

  get fileSize(): number | null {
    return this.bytes.size;
  }

  async close(): Promise<void> {}

  async fetch(slices: Slice[]): Promise<ArrayBuffer[]> {
    const header = await this.loadHeader();
    return Promise.all(
      slices.map((slice) => {
        const end = slice.offset + slice.length;
        if (end <= header.byteLength || (this.bytes.size !== null && this.bytes.size <= header.byteLength)) {
          return exactBuffer(header, slice.offset, Math.min(end, header.byteLength));
        }
        return this.enqueue(slice);
      }),
    );
  }

  async fetchSlice(slice: Slice): Promise<Slice & { data: ArrayBuffer }> {
    const [data] = await this.fetch([slice]);
    return { ...slice, data: data as ArrayBuffer };
  }

  private loadHeader(): Promise<Uint8Array> {
    if (this.header) return Promise.resolve(this.header);
    this.headerPromise ??= this.bytes.read(0, this.headerBytes).then(
      (header) => (this.header = header),
      (error: unknown) => {
        this.headerPromise = null;
        throw error;
      },
    );
    return this.headerPromise;
  }

  private enqueue(slice: Slice): Promise<ArrayBuffer> {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      this.pending.push({ ...slice, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending.sort((a, b) => a.offset - b.offset);
    this.pending = [];
    this.scheduled = false;
    let group: Pending[] = [];
    let groupEnd = -1;
    for (const item of batch) {
      if (group.length > 0 && item.offset > groupEnd + this.mergeGap) {
        this.readGroup(group, groupEnd);
        group = [];
      }
      group.push(item);
      groupEnd = Math.max(groupEnd, item.offset + item.length);
    }
    if (group.length > 0) this.readGroup(group, groupEnd);
  }

  private readGroup(group: Pending[], end: number): void {
    const start = group[0]!.offset;
    this.bytes.read(start, end - start).then(
      (data) => {
        for (const item of group) {
          const from = item.offset - start;
          item.resolve(exactBuffer(data, from, Math.min(from + item.length, data.byteLength), group.length === 1));
        }
      },
      (error: unknown) => group.forEach((item) => item.reject(error)),
    );
  }
}

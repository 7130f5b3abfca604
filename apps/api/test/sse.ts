/** Test support: reads a real HTTP event stream (server-sent events) event by event. */

export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads a real HTTP event stream and splits it into events (comments are returned as `:` events). */
export class SseReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {}

  /** The next event matching `predicate`, or a failure after `timeoutMs`. */
  async next(predicate: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parse(block);
        if (event && predicate(event)) return event;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('no matching event in time');
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no matching event in time')), remaining)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  close(): void {
    this.abort.abort();
  }

  /** Opens `url` and reads it as an event stream; fails unless the answer is 200 text/event-stream. */
  static async open(url: string): Promise<SseReader> {
    const abort = new AbortController();
    const res = await fetch(url, { signal: abort.signal });
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
    if (!/^text\/event-stream/.test(res.headers.get('content-type') ?? '')) throw new Error('not an event stream');
    return new SseReader(res.body.getReader(), abort);
  }
}

function parse(block: string): SseEvent | undefined {
  const lines = block.split('\n');
  if (lines.every((l) => l.startsWith(':'))) return { event: ':', data: lines.join('\n') };
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return undefined;
  return { event, id, data: JSON.parse(data.join('\n')) };
}

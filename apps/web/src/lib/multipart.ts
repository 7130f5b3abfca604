/**
 * A multipart/form-data body built by hand, so the byte range of every file in it is known: an upload's
 * progress (XMLHttpRequest `upload.onprogress`, bytes sent of the whole body) then maps to a progress per
 * photo. The encoding is the browser's own for FormData (HTML's multipart/form-data algorithm): UTF-8 names
 * and values, `"` CR LF in names escaped as %22 %0D %0A.
 */

export interface MultipartBody {
  body: Blob;
  contentType: string;
  /** [start, end) of each file's bytes in `body`, in the order the files were given. */
  fileRanges: { start: number; end: number }[];
}

export type MultipartPart = { name: string; value: string } | { name: string; file: Blob; filename: string };

const encoder = new TextEncoder();
const escapeName = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const normaliseNewlines = (s: string) => s.replace(/\r\n|\r|\n/g, '\r\n');

function randomBoundary(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `----FilahaFormBoundary${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function multipartBody(parts: readonly MultipartPart[], boundary = randomBoundary()): MultipartBody {
  const chunks: (Uint8Array | Blob)[] = [];
  const fileRanges: { start: number; end: number }[] = [];
  let offset = 0;
  const push = (chunk: Uint8Array | Blob) => {
    chunks.push(chunk);
    offset += chunk instanceof Blob ? chunk.size : chunk.byteLength;
  };
  for (const part of parts) {
    if ('file' in part) {
      const type = part.file.type || 'application/octet-stream';
      push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"; filename="${escapeName(part.filename)}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
      );
      const start = offset;
      push(part.file);
      fileRanges.push({ start, end: offset });
      push(encoder.encode('\r\n'));
    } else {
      push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"\r\n\r\n${normaliseNewlines(part.value)}\r\n`,
        ),
      );
    }
  }
  push(encoder.encode(`--${boundary}--\r\n`));
  return {
    body: new Blob(chunks as BlobPart[]),
    contentType: `multipart/form-data; boundary=${boundary}`,
    fileRanges,
  };
}

/**
 * Bytes of the body sent so far → the fraction (0…1) of each file sent: a file before `loaded` is done, one
 * after it not started, the one it falls in partly sent. An empty file counts as sent once its start is.
 */
export function rangeProgress(loaded: number, ranges: readonly { start: number; end: number }[]): number[] {
  return ranges.map(({ start, end }) => {
    if (loaded >= end) return 1;
    if (loaded <= start) return 0;
    return (loaded - start) / (end - start);
  });
}

/**
 * Issue 30 §2: a zip (KMZ, zipped Shapefile) is inflated within a budget, whatever its headers claim — a zip bomb
 * fails the import with `too_large_unzipped` instead of filling the job's memory.
 */
import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ImportFileError, MAX_UNZIPPED_BYTES, readFeatures } from './readers.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/imports/${name}`, import.meta.url));

/** A one-entry zip (deflated) whose headers declare `declaredSize` bytes however many the data inflates to. */
function zipOf(name: string, content: Buffer, declaredSize = content.length): Buffer {
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42); // the local header's offset
  const centralStart = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'read';
  } catch (error) {
    return error instanceof ImportFileError ? error.code : String(error);
  }
};

describe('zips are inflated within a budget', () => {
  it('reads the KMZ and the zipped Shapefile fixtures under the default budget (256 MB)', async () => {
    expect(MAX_UNZIPPED_BYTES).toBe(256 * 1024 * 1024);
    expect((await readFeatures('kmz', fixture('parcels.kmz'))).length).toBeGreaterThan(5);
    expect((await readFeatures('shapefile', fixture('parcels-utm31.zip'))).length).toBeGreaterThan(5);
  });

  it('refuses a KMZ or a Shapefile that would inflate beyond the budget, even when its headers claim little', async () => {
    expect(await codeOf(readFeatures('kmz', fixture('parcels.kmz'), { maxUnzippedBytes: 100 }))).toBe(
      'too_large_unzipped',
    );
    expect(await codeOf(readFeatures('shapefile', fixture('parcels-utm31.zip'), { maxUnzippedBytes: 100 }))).toBe(
      'too_large_unzipped',
    );
    // 4 MiB of spaces behind a header that says 10 bytes: stopped at the budget (1 MiB), not by the header.
    const bomb = Buffer.concat([Buffer.from('<kml>'), Buffer.alloc(4 * 1024 * 1024, 0x20), Buffer.from('</kml>')]);
    const lying = zipOf('doc.kml', bomb, 10);
    expect(lying.length).toBeLessThan(20_000);
    expect(await codeOf(readFeatures('kmz', lying, { maxUnzippedBytes: 1024 * 1024 }))).toBe('too_large_unzipped');
    expect(await codeOf(readFeatures('shapefile', zipOf('a.shp', bomb, 10), { maxUnzippedBytes: 1024 * 1024 }))).toBe(
      'too_large_unzipped',
    );
    // The same zip within a budget that holds it is inflated (an empty document: no feature).
    expect(await codeOf(readFeatures('kmz', lying, { maxUnzippedBytes: 8 * 1024 * 1024 }))).toBe('empty');
  });
});

/** shpjs ships no types: the one function used here (lib/index.js). */
declare module 'shpjs' {
  /** A zipped Shapefile → a FeatureCollection (one shapefile) or an array of them, reprojected from each .prj. */
  export function parseZip(buffer: Uint8Array | ArrayBuffer, whiteList?: string[]): Promise<unknown>;
}

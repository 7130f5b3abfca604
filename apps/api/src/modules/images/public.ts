/**
 * What other modules and the background jobs may use of the images module (eslint.config.js refuses other
 * modules' imports of its other files): the imagery engine as the app builds it, stored results' URLs, and the
 * season-curve computation the jobs and alerts share.
 */
export { createImagery, imageryOptionsFromConfig, type Imagery } from './imagery.ts';
export { downloadName, resultUrls } from './result-files.ts';
export { computeAndStoreSeries, seriesBasis } from './images.series.ts';

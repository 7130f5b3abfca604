import { AllCloudyError, computeChange, NoSceneError } from '@filaha/imagery';
import type { Imagery } from '../../lib/imagery/imagery.ts';
import type { AlertEngine } from './alerts.jobs.ts';

/**
 * The imagery engine as the alert rules use it: the deployment's minimum valid fraction and cloud buffer (the
 * basis of the stored season points), and for PARTIAL_DROP the pixel-wise change between two acquisitions
 * (packages/imagery/src/change.ts, statistics only: no image is drawn, nothing is charged). Each date is its
 * one-day window, resolved to that day's clearest acquisition as for an image.
 */
export function alertEngineFrom(
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>,
): AlertEngine {
  return {
    minValidFraction: imagery.minValidFraction,
    cloudBufferM: imagery.cloudBufferM,
    maskClasses: imagery.maskClasses,
    async fallenShare({ geometry, index, earlier, later, threshold }) {
      try {
        const change = await computeChange({
          catalog: imagery.catalog,
          geometry,
          index,
          earlier: { start: earlier.date, end: earlier.date },
          later: { start: later.date, end: later.date },
          threshold,
          images: false,
          minValidFraction: imagery.minValidFraction,
          cloudBufferM: imagery.cloudBufferM,
          maskClasses: imagery.maskClasses,
        });
        return change.fellFraction;
      } catch (error) {
        // No pixel valid on both dates, or a date gone from the catalog: nothing to compare.
        if (error instanceof AllCloudyError || error instanceof NoSceneError) return null;
        throw error;
      }
    },
  };
}

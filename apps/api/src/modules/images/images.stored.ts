import type { SceneSelection } from '@filaha/imagery';
import type { GenerateImageAnswer } from '@filaha/shared/contracts';
import { AppError } from '../../core/errors.ts';
import type { Deadline, Imagery, RenderRequest } from '../../lib/imagery/imagery.ts';
import type { ObjectStorage } from '../../lib/storage/storage.ts';
import { apiErrorOf } from './images.checks.ts';
import type { ImagesRepository, IndexRecord, ResultRow } from './images.repository.ts';
import {
  downloadName,
  removeResultFiles,
  replaceStoredFiles,
  resultKeyBase,
  resultUrls,
  storedPngSize,
  storeResultFiles,
} from './result-files.ts';

/** A delivered image as the API answers it, and its repair when its stored files were lost or damaged. */

export interface StoredImagesDeps {
  repo: Pick<ImagesRepository, 'replaceFiles' | 'resultById'>;
  imagery: Pick<Imagery, 'minValidFraction' | 'selectScene' | 'render'>;
  storage: ObjectStorage;
}

/** The size an already-produced image was requested at (`…-w512h512` at the end of its legend hash). */
export function requestedSize(row: ResultRow, fallback: { width: number; height: number }) {
  const match = /-w(\d+)h(\d+)$/.exec(row.legendHash);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : fallback;
}

export function createStoredImages({ repo, imagery, storage }: StoredImagesDeps) {
  async function answer(
    index: IndexRecord,
    row: ResultRow,
    cached: boolean,
    size?: { width: number; height: number },
    asked?: { start: string; end: string },
  ): Promise<GenerateImageAnswer> {
    const { width, height } = size ?? (await storedPngSize(storage, row.imageKey)) ?? { width: 0, height: 0 };
    return {
      success: true,
      resultId: row.id,
      cached,
      index: index.code,
      ...resultUrls(storage, row, downloadName(index.code, row.parcelId, row.sceneDatetime)),
      bounds: row.bounds,
      stats: row.stats,
      minValidFraction: imagery.minValidFraction,
      width,
      height,
      scene: { id: row.sceneId, datetime: row.sceneDatetime.toISOString(), cloudFraction: row.cloudFraction },
      // The period the farmer asked for: an image already produced for another window that holds the same
      // acquisition is answered with this request's window, not the one it was first ordered with.
      dateDebut: asked?.start ?? row.startDate,
      dateFin: asked?.end ?? row.endDate,
    };
  }

  /** The PNG's size when every stored file of the result is there and readable, else null (lost or damaged). */
  async function storedFilesSize(row: ResultRow): Promise<{ width: number; height: number } | null> {
    const [size, values, tiff] = await Promise.all([
      storedPngSize(storage, row.imageKey),
      row.valuesKey ? storage.exists(row.valuesKey) : true,
      row.tiffKey ? storage.exists(row.tiffKey) : true,
    ]);
    return size && values && tiff ? size : null;
  }

  return {
    answer,

    /**
     * An already-produced image, answered from its stored files. When they are lost or damaged the image is
     * computed again from the same scene and stored under new keys — never charged again: it was paid for once.
     * `selection` is the scene already selected for this request, when there is one.
     */
    async fromStore(
      index: IndexRecord,
      row: ResultRow,
      request: RenderRequest,
      deadline: Deadline,
      selection?: SceneSelection,
    ): Promise<GenerateImageAnswer> {
      const window = { start: request.start, end: request.end };
      const size = await storedFilesSize(row);
      if (size) return answer(index, row, true, size, window);

      let scene = selection;
      if (!scene) {
        // The scene's own day: the selection finds that acquisition again.
        const day = row.sceneDatetime.toISOString().slice(0, 10);
        scene = await imagery.selectScene({ ...request, start: day, end: day }, deadline).catch((e: unknown) => {
          throw apiErrorOf(e, window);
        });
        if (scene.scene.id !== row.sceneId) throw new AppError('CATALOG_UNAVAILABLE');
      }
      const map = await imagery.render(scene, request, deadline).catch((e: unknown) => {
        throw apiErrorOf(e, window);
      });
      const base = resultKeyBase(row.userId, row.parcelId, index.code, row.sceneId);
      const keys = await storeResultFiles(storage, base, map);
      const stored = await replaceStoredFiles(keys, row, {
        replace: (fresh) => repo.replaceFiles(row.id, row.imageKey, fresh),
        current: () => repo.resultById(row.id),
        remove: (files) => removeResultFiles(storage, files),
      });
      // Repaired by a parallel request first: the size is read from its files.
      const ours = stored.repaired ? { width: map.width, height: map.height } : undefined;
      return answer(index, stored.row, true, ours, window);
    },
  };
}

export type StoredImages = ReturnType<typeof createStoredImages>;

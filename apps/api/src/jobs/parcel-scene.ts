import type { Database } from '@filaha/db';
import type { PgBoss } from 'pg-boss';
import type { Imagery } from '../lib/imagery/imagery.ts';
import { computeAndStoreSeries } from '../modules/season/public.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { QUEUES } from './queue.ts';

/**
 * A parcel × acquisition job (`parcel-scene`): what the poll queued before the tile pass (tile-pass.ts). Its worker
 * stays for the jobs an earlier version left in the queue.
 */
export interface ParcelSceneData {
  parcelId: number;
  /** acquisitionKey(): platform × UTC day. */
  acquisition: string;
  date: string;
  sceneIds: string[];
  /**
   * A tile of the pass published after the parcel's first job for it: the day's stored skips are computed again
   * over every tile (runParcelScene).
   */
  lateTile?: boolean;
}

/** The alert side (apps/api/src/modules/alerts/alerts.jobs.ts), injected so the queue does not depend on it. */
export interface AlertHooks {
  /** Evaluates the parcel's rules on that scene; the ids of the alerts it created (each stored once). */
  evaluate(parcelId: number, sceneId: string): Promise<number[]>;
  /** Sends one alert's e-mail (per the user's settings). */
  sendEmail(alertId: number): Promise<void>;
  /** The alerts of this parcel × scene whose e-mail is still pending (created by an attempt that died). */
  pendingEmails(parcelId: number, sceneId: string): Promise<number[]>;
}

export interface ParcelSceneDeps {
  database: Database;
  boss: PgBoss;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  alerts?: AlertHooks;
}

export interface ParcelSceneOutput {
  /** Index codes of the owner's active plans at run time. */
  indices: string[];
  /** Acquisitions computed now (points and skips), summed over the indices: 0 when every one was stored. */
  computed: number;
  /** Rows this job added to series_points. */
  inserted: number;
  /** The stored point's scene id for this parcel (the primary tile), when the acquisition gave a point. */
  sceneId: string | null;
  alerts: number[];
  skipped?: 'parcel-gone' | 'no-plan';
}

/**
 * One parcel × one acquisition: the season point of each index of the owner's plan (stored once per parcel ×
 * index × basis × scene: a retry or a concurrent curve request finds the stored row and computes nothing), then
 * the alert rules on it, then one e-mail job per new alert. Safe to run again after a crash at any step.
 */
export async function runParcelScene(deps: ParcelSceneDeps, data: ParcelSceneData): Promise<ParcelSceneOutput> {
  const { database, imagery } = deps;
  const repo = createJobsRepository(database.db);
  const parcel = await repo.parcel(data.parcelId);
  const output: ParcelSceneOutput = { indices: [], computed: 0, inserted: 0, sceneId: null, alerts: [] };
  if (!parcel) return { ...output, skipped: 'parcel-gone' };
  output.indices = (await repo.planIndexCodesOf([parcel.userId])).get(parcel.userId) ?? [];
  if (output.indices.length === 0) return { ...output, skipped: 'no-plan' };
  // A tile of the pass published after this parcel's first job: a day stored as a skip (clouded or outside the
  // tiles known then) is computed again over every tile of the pass. A stored point stays (its alerts went once).
  if (data.lateTile) await repo.dropSkipsOf([parcel.id], data.date);

  for (const code of output.indices) {
    const { basis, fresh, inserted } = await computeAndStoreSeries({
      db: database.db,
      imagery,
      parcel,
      index: code,
      from: data.date,
      to: data.date,
    });
    output.computed += fresh.points.length + fresh.skipped.filter((s) => s.reason !== 'MISSING_BAND').length;
    output.inserted += inserted;
    if (output.sceneId === null) {
      output.sceneId = await repo.pointScene(parcel.id, code, basis, data.date);
    }
  }

  if (deps.alerts && output.sceneId !== null) {
    output.alerts = await deps.alerts.evaluate(parcel.id, output.sceneId);
    // The new alerts, and any an earlier attempt created but died before queueing their e-mail. One e-mail job
    // per alert at a time (singleton key); sendAlertEmail claims the alert, so a second job sends nothing.
    const toSend = [...new Set([...output.alerts, ...(await deps.alerts.pendingEmails(parcel.id, output.sceneId))])];
    if (toSend.length > 0) {
      await deps.boss.insert(
        QUEUES.alertEmail,
        toSend.sort((a, b) => a - b).map((alertId) => ({ data: { alertId }, singletonKey: `alert:${alertId}` })),
      );
    }
  }
  return output;
}

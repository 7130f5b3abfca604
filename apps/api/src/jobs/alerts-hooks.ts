import type { Database } from '@filaha/db';
import type { Mailer } from '../lib/mailer.ts';
import {
  alertEngineFrom,
  createAlertJobsRepository,
  evaluateParcelAlerts,
  sendAlertEmail,
} from '../modules/alerts/public.ts';
import type { Imagery } from '../lib/imagery/imagery.ts';
import type { AlertHooks } from './parcel-scene.ts';

/**
 * The alert side of a parcel × acquisition job (apps/api/src/modules/alerts/alerts.jobs.ts), bound to this
 * process's database, engine and mailer: the rules read the points in the basis the jobs store them in, and
 * PARTIAL_DROP compares the two acquisitions with the change engine (statistics only).
 */
export function alertHooks(deps: {
  database: Database;
  mailer: Mailer;
  imagery: Pick<Imagery, 'catalog' | 'minValidFraction' | 'cloudBufferM' | 'maskClasses'>;
  publicUrl?: string;
  /** JOB_TIMEOUT: no attempt of a job lives longer, so an older e-mail claim is a dead worker's. */
  jobTimeoutSeconds: number;
}): AlertHooks {
  const { database, mailer } = deps;
  const engine = alertEngineFrom(deps.imagery);
  const repo = createAlertJobsRepository(database.db);
  return {
    evaluate: (parcelId, sceneId) => evaluateParcelAlerts({ database, engine }, { parcelId, sceneId }),
    sendEmail: async (alertId) => {
      // A worker killed between claiming an alert's e-mail and settling it leaves it 'sending'. pg-boss hands the
      // job to another worker once the attempt times out; a claim older than the job timeout cannot belong to a
      // live attempt, so it is released here and this attempt sends (at least once, never lost).
      await repo.releaseStaleClaim(alertId, deps.jobTimeoutSeconds);
      const outcome = await sendAlertEmail({ database, mailer, publicUrl: deps.publicUrl }, alertId);
      if (outcome !== 'already') return;
      // Still claimed by an attempt that may be alive (or that died less than a job timeout ago): fail this
      // attempt so the queue tries again later, rather than completing the job with the e-mail unsent.
      if ((await repo.emailState(alertId)) === 'sending')
        throw new Error(`alert ${alertId}: its e-mail is being sent by another attempt`);
    },
    pendingEmails: (parcelId, sceneId) => repo.pendingEmails(parcelId, sceneId),
  };
}

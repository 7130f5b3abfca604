/**
 * What the background jobs use of the alerts module (.dependency-cruiser.mjs refuses imports of its other files): the
 * engine, the evaluation, the e-mail and the SMS (stored once per alert), and the jobs' repository (jobs/alerts-hooks.ts releases a dead worker's
 * e-mail claim and lists the e-mails still pending).
 */
export { alertEngineFrom } from './alerts.engine.ts';
export { evaluateParcelAlerts, prepareAlertSms, sendAlertEmail } from './alerts.jobs.ts';
export { createAlertJobsRepository } from './alerts.repository.ts';

/** What the background jobs use of the alerts module (eslint.config.js refuses imports of its other files). */
export { alertEngineFrom } from './alerts.engine.ts';
export { evaluateParcelAlerts, sendAlertEmail } from './alerts.jobs.ts';
export { createAlertJobsRepository } from './alerts.repository.ts';

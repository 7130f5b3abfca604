/**
 * What other modules and the background jobs use of the SMS module (.dependency-cruiser.mjs refuses imports of its
 * other files): storing an SMS once (the alerts' SMS), the send job and the inbound handler (jobs/runtime.ts).
 */
export { createSmsRepository, isActive, type NewSms } from './sms.repository.ts';
export { isStop, sendStoredSms, smsInboundHandler, SmsBusyError, type SmsSendOutcome } from './sms.jobs.ts';

import type { Config } from '../../config.ts';
import { createOutboxSmsChannel, type SmsChannel } from './channel.ts';
import { createSmppChannel, type SmppLog } from './smpp.ts';

export * from './channel.ts';
export * from './encoding.ts';
export * from './phone.ts';

/** The deployment's SMS channel: SMPP when SMPP_URL is set, else the outbox of DATA_DIR. */
export function createSmsChannel(config: Pick<Config, 'sms' | 'dataDir'>, log: SmppLog): SmsChannel {
  const { sms } = config;
  if (sms.smppUrl)
    return createSmppChannel({
      url: sms.smppUrl,
      systemId: sms.systemId,
      password: sms.password,
      senderId: sms.senderId,
      log,
    });
  return createOutboxSmsChannel({ dataDir: config.dataDir, senderId: sms.senderId, log });
}

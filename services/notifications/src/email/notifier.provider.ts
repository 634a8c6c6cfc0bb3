import type { Provider } from '@nestjs/common';
import { ConfigError, LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import type { NotificationsConfig } from '../config.js';
import { LocalNotifier } from './local-notifier.js';
import { Notifier } from './notifier.port.js';
import { SmtpNotifier } from './smtp-notifier.js';
import { developmentAlertsSecret, UnsubscribeTokens } from './unsubscribe-tokens.js';

/** The notifier chosen by `NOTIFIER`; `smtp` without `SMTP_HOST` refuses to start, naming it. */
export const notifierProvider: Provider = {
  provide: Notifier,
  inject: [SERVICE_CONFIG, LOGGER],
  useFactory: (config: NotificationsConfig, logger: Logger): Notifier => {
    if (config.NOTIFIER === 'smtp') {
      if (!config.SMTP_HOST) throw new ConfigError(['SMTP_HOST is required when NOTIFIER=smtp']);
      return new SmtpNotifier({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        user: config.SMTP_USER,
        pass: config.SMTP_PASS,
        from: config.SMTP_FROM,
      });
    }
    return new LocalNotifier(config.SMTP_FROM, logger, config.NODE_ENV === 'production');
  },
};

/** Unsubscribe links are signed with ALERTS_SECRET (required in production), else a generated development secret. */
export const unsubscribeTokensProvider: Provider = {
  provide: UnsubscribeTokens,
  inject: [SERVICE_CONFIG],
  useFactory: (config: NotificationsConfig) => new UnsubscribeTokens(config.ALERTS_SECRET ?? developmentAlertsSecret(config.DATA_DIR)),
};

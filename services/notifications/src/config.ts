import { z } from 'zod';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

/** The notifications service's own environment keys (the base keys are in service-kit). */
export const notificationsConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4007),
  /** The site's origin, for the links in emails (required in production; see `siteUrl`). */
  PUBLIC_URL: z.string().url().optional(),
  /** Signs the unsubscribe links (HMAC-SHA256). In development one is generated under DATA_DIR/keys. */
  ALERTS_SECRET: z.string().min(32, 'ALERTS_SECRET must be at least 32 characters').optional(),
  /** `smtp` sends through SMTP_*; `local` (the standalone default) logs each message and keeps the last 100 for GET /api/dev/mail. */
  NOTIFIER: z.enum(['smtp', 'local']).default('local'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** true for implicit TLS (port 465); otherwise STARTTLS is used when the server offers it. */
  SMTP_SECURE: flag('false'),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('Garage <alerts@garage.local>'),
  /** How often pending alert emails are looked for (a new alert also wakes the sender at once). */
  ALERT_EMAIL_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** Sending attempts of one alert email before it is given up (with back-off in between). */
  ALERT_EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** How often the daily digest job looks for users due a digest. */
  DIGEST_POLL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  /** How often conversations whose email hour is up are looked for, to send their held messages (decision 0265). */
  MESSAGE_DIGEST_POLL_MS: z.coerce.number().int().min(100).default(60_000),
  /** Digests go out once a day per user, from this hour of the day in DIGEST_TIME_ZONE. */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** Where live updates for members' open tabs go: Redis (every gateway replica hears it) or this process (standalone). */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().optional(),
  DIGEST_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(isTimeZone, 'DIGEST_TIME_ZONE must be an IANA time zone, e.g. America/Chicago'),
};

export type NotificationsConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof notificationsConfig>>;

/** The site's origin without a trailing slash; in development the standalone default. */
export function siteUrl(config: Pick<NotificationsConfig, 'PUBLIC_URL'>): string {
  return (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}

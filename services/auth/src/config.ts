import { z } from 'zod';
import { RATE_LIMITS } from '@garage/contracts';

/** Auth's own environment keys (the base keys are in service-kit). */
export const authConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().optional(),
  LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(RATE_LIMITS.loginFailuresPerEmail.limit),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(RATE_LIMITS.loginFailuresPerIp.limit),
  REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(RATE_LIMITS.registrationsPerIp.limit),
};

export type AuthConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof authConfig>>;

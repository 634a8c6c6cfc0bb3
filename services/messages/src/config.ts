import { z } from 'zod';
import { NEW_CONVERSATIONS_PER_HOUR } from '@garage/contracts';

/** The messages service's own environment keys (the base keys are in service-kit). */
export const messagesConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4008),
  /** New conversations a member may start within an hour (the contract's 10). */
  NEW_CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).default(NEW_CONVERSATIONS_PER_HOUR),
  /** Where the new-conversation counts are kept: Redis (shared by every replica) or this process (standalone). */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().optional(),
};

export type MessagesConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof messagesConfig>>;

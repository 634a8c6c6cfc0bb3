/**
 * Tells a failure that will pass by itself (the database is unreachable, a connection dropped, a
 * transaction lost a race) from one caused by what was asked (a bad message, a broken rule).
 * Consumers retry the first kind without counting it against a message; the HTTP error filter
 * answers it with a retryable 503 instead of a 500.
 */
export type TransientKind = 'unavailable' | 'contention';

/** SQLSTATE codes of a server that cannot serve now (class 08, shutdown, start-up, no slot). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400', '58000', '58030']);
/** SQLSTATE codes of a transaction that lost to a concurrent one and may simply run again. */
const CONTENTION_STATES = new Set(['40001', '40P01', '55P03']);
/** Node's socket and DNS errors: the peer is down, restarting or cut off. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNABORTED',
]);
/** What node-postgres and its pool say when a connection is lost or cannot be had in time. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /query read timeout/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /client was closed and is not queryable/i,
  /socket has been ended by the other party/i,
];
/**
 * TypeORM's own words for a connection that was lost or handed back under the caller (its query
 * runner released when the pool dropped the connection mid-request): nothing is wrong with the request.
 */
const CONNECTION_ERROR_NAMES = new Set([
  'QueryRunnerProviderAlreadyReleasedError',
  'QueryRunnerAlreadyReleasedError',
  'ConnectionIsNotSetError',
  'CannotExecuteNotConnectedError',
  'CannotGetEntityManagerNotConnectedError',
]);

/** The transient kind of `error` (looking through TypeORM's `driverError` and `cause`), or null. */
export function transientFailure(error: unknown): TransientKind | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message, errors, name } = current as { code?: unknown; message?: unknown; errors?: unknown; name?: unknown };
    if (typeof name === 'string' && CONNECTION_ERROR_NAMES.has(name)) return 'unavailable';
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return 'unavailable';
      if (UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return 'unavailable';
      if (CONTENTION_STATES.has(code)) return 'contention';
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable';
    // An AggregateError (a connection tried on several addresses) is transient when its parts are.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((part) => transientFailure(part) === 'unavailable')) {
      return 'unavailable';
    }
    const next = current as { driverError?: unknown; cause?: unknown };
    current = next.driverError ?? next.cause;
  }
  return null;
}

export function isTransientFailure(error: unknown): boolean {
  return transientFailure(error) !== null;
}

/**
 * Runs `attempt` again when it failed because its transaction lost a deadlock or serialization race
 * (Postgres rolled it back whole, so running it again is safe), up to `attempts` runs in all, with
 * a short random pause that grows each time so the racers do not meet again in step. Any other
 * failure, and the last lost race, is thrown as it is.
 */
export async function retryContention<T>(attempt: () => Promise<T>, attempts = 5): Promise<T> {
  for (let run = 1; ; run += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (run >= attempts || transientFailure(error) !== 'contention') throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * run));
    }
  }
}

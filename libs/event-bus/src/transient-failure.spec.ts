import { describe, expect, it } from '@jest/globals';
import { transientFailure } from './transient-failure.js';

const pgError = (code: string, message = 'pg says no') => Object.assign(new Error(message), { code });

describe('transientFailure', () => {
  it('recognises an unreachable or restarting database, through TypeORM and cause chains', () => {
    expect(transientFailure(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('unavailable');
    expect(transientFailure(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(transientFailure(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(transientFailure(pgError('57P01', 'terminating connection due to administrator command'))).toBe('unavailable');
    expect(transientFailure(pgError('57P03', 'the database system is starting up'))).toBe('unavailable');
    expect(transientFailure(pgError('08006'))).toBe('unavailable');
    expect(transientFailure(pgError('53300', 'sorry, too many clients already'))).toBe('unavailable');
    // TypeORM's QueryFailedError keeps the driver's error in `driverError`.
    expect(transientFailure(Object.assign(new Error('query failed'), { driverError: pgError('08001') }))).toBe('unavailable');
    expect(transientFailure(new Error('outer', { cause: pgError('ECONNRESET') }))).toBe('unavailable');
    // Node tries every address of localhost and reports them together.
    expect(
      transientFailure(Object.assign(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]), { code: undefined })),
    ).toBe('unavailable');
  });

  it('recognises a connection that was lost or released under the request', () => {
    const typeorm = (name: string, message: string) => Object.assign(new Error(message), { name });
    expect(
      transientFailure(
        typeorm(
          'QueryRunnerProviderAlreadyReleasedError',
          'Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore.',
        ),
      ),
    ).toBe('unavailable');
    expect(transientFailure(typeorm('QueryRunnerAlreadyReleasedError', 'Query runner already released. Cannot run queries anymore.'))).toBe(
      'unavailable',
    );
    expect(transientFailure(typeorm('ConnectionIsNotSetError', 'Connection with postgres database is not established.'))).toBe(
      'unavailable',
    );
    expect(transientFailure(new Error('Client was closed and is not queryable'))).toBe('unavailable');
    expect(transientFailure(new Error('wrapped', { cause: typeorm('QueryRunnerAlreadyReleasedError', 'released') }))).toBe('unavailable');
  });

  it('recognises a transaction that lost a race', () => {
    expect(transientFailure(pgError('40001', 'could not serialize access'))).toBe('contention');
    expect(transientFailure(pgError('40P01', 'deadlock detected'))).toBe('contention');
  });

  it('leaves failures caused by the content alone', () => {
    expect(transientFailure(new Error('Cannot apply user 3: refused'))).toBeNull();
    expect(transientFailure(pgError('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(transientFailure(pgError('22P02', 'invalid input syntax for type uuid'))).toBeNull();
    expect(transientFailure(new SyntaxError('Unexpected token'))).toBeNull();
    expect(transientFailure('just a string')).toBeNull();
    expect(transientFailure(undefined)).toBeNull();
  });
});

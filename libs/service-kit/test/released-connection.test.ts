import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { UNAVAILABLE } from '../src/index.js';
import { startLedger, type Ledger } from './ledger-service.js';

/**
 * A connection lost or handed back to the pool under a request (what a PostgreSQL outage does to
 * requests in flight) is "database unavailable": a 503 the client may retry, never a 500.
 */
describe('a request whose database connection was released under it', () => {
  let ledger: Ledger;

  beforeAll(async () => {
    ledger = await startLedger();
  });

  afterAll(async () => {
    await ledger.close();
  });

  it.each([
    ['through its entity manager (QueryRunnerProviderAlreadyReleasedError)', '/released/manager'],
    ['through its query runner (QueryRunnerAlreadyReleasedError)', '/released/runner'],
  ])('answers 503 with the unavailable text and Retry-After, %s', async (_name, path) => {
    const response = await request(ledger.service.url).get(path);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: UNAVAILABLE });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

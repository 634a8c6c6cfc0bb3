import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { developmentAlertsSecret, UnsubscribeTokens } from './unsubscribe-tokens.js';

const tokens = new UnsubscribeTokens('a'.repeat(64));

describe('UnsubscribeTokens', () => {
  it('round-trips each kind of target', () => {
    expect(tokens.verify(tokens.sign({ kind: 'search', savedSearchId: 42 }))).toEqual({ kind: 'search', savedSearchId: 42 });
    expect(tokens.verify(tokens.sign({ kind: 'digest', userId: 7 }))).toEqual({ kind: 'digest', userId: 7 });
    expect(tokens.verify(tokens.sign({ kind: 'sale-updates', userId: 7 }))).toEqual({ kind: 'sale-updates', userId: 7 });
    expect(tokens.verify(tokens.sign({ kind: 'drop-outs', userId: 7 }))).toEqual({ kind: 'drop-outs', userId: 7 });
  });

  it('keeps the drop-out and sale-update links of one user apart', () => {
    const [, , mac] = tokens.sign({ kind: 'sale-updates', userId: 7 }).split('.');
    expect(tokens.verify(`o.7.${mac}`)).toBeNull();
  });

  it('refuses a token whose id, kind or signature was changed, or that another secret signed', () => {
    const token = tokens.sign({ kind: 'search', savedSearchId: 42 });
    const [, , mac] = token.split('.');
    expect(tokens.verify(`s.43.${mac}`)).toBeNull();
    expect(tokens.verify(`u.42.${mac}`)).toBeNull();
    expect(tokens.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(new UnsubscribeTokens('b'.repeat(64)).verify(token)).toBeNull();
    for (const junk of ['', 's.42', 's.0.x', 's.-1.' + mac, `s.99999999999.${mac}`, 'x'.repeat(300)])
      expect(tokens.verify(junk)).toBeNull();
  });

  it('makes the development secret once and reads the same one afterwards', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'alerts-secret-'));
    try {
      const first = developmentAlertsSecret(dir);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(developmentAlertsSecret(dir)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows same-site paths', () => {
    expect(safeRedirect('/sales/3?x=1')).toBe('/sales/3?x=1');
  });
  it.each([undefined, null, 'https://evil.example', '//evil.example', 'sales', '/login'])('refuses %s', (from) => {
    expect(safeRedirect(from)).toBe('/');
  });
});

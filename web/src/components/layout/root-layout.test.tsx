import { describe, expect, it } from 'vitest';
import { scrollRestorationKey } from './root-layout';

describe('scroll restoration', () => {
  it('gives a fresh load (key "default") a key of its own, and keeps history entries’ keys', () => {
    const fresh = scrollRestorationKey({ key: 'default' });
    expect(fresh).not.toBe('default');
    // Back to the page this document was loaded on: the same key, so its position comes back.
    expect(scrollRestorationKey({ key: 'default' })).toBe(fresh);
    expect(scrollRestorationKey({ key: 'k3x9' })).toBe('k3x9');
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Tests of the tooling (`@vitest-environment node`) have no browser storage to clear.
  if (typeof window !== 'undefined') window.localStorage.clear();
});

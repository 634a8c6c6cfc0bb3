import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `npm test` runs these beside another project's tests on two cores: a screen that renders in
// 50 ms alone can take seconds then. Waiting longer changes no answer, only when a wait gives up.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Tests of the tooling and of the build's server rendering run in Node, without a window.
  if (typeof window !== 'undefined') window.localStorage.clear();
});

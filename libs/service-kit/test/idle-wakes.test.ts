import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('an idle process with the service kit loaded', () => {
  // The metrics sample the event loop's delay on a timer; at the library's default of every 10 ms
  // an idle service is woken some 200 times in 2 s, each wake paid for in processor time.
  it('is woken a few times a second, not a hundred', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(here, 'fixtures/idle-wakes.mjs')], { cwd: here });
    const wakes = /wakes=(\d+)/.exec(stdout);
    expect(wakes).not.toBeNull();
    expect(Number(wakes![1])).toBeLessThan(80);
  });
});

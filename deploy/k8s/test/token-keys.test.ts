import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JwtStrategy, TokenSigner, unescapePem, viewerOf } from '@garage/service-kit';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../token-keys.mjs');

/** The env lines `npm run keys` prints, read as compose (quoted) or kustomize (bare) would pass them on. */
function generated(...args: string[]): Record<string, string> {
  const output = execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  return Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => {
        const [name, ...value] = line.split('=');
        return [name!, value.join('=').replace(/^"(.*)"$/, '$1')];
      }),
  );
}

describe('npm run keys', () => {
  it.each([['compose'], ['kustomize']])(
    'makes an ES256 pair (%s lines) that signs and verifies tokens through the config loader',
    async (format) => {
      const env = generated(...(format === 'kustomize' ? ['--kustomize'] : []));
      expect(Object.keys(env)).toEqual(['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY']);
      // One line each, as an env file needs; the loader turns the `\n` escapes back into a PEM.
      expect(env.JWT_PRIVATE_KEY).toMatch(/^-----BEGIN PRIVATE KEY-----\\n.+\\n-----END PRIVATE KEY-----$/);
      const signer = await TokenSigner.fromPem(unescapePem(env.JWT_PRIVATE_KEY!), 60);
      const strategy = new JwtStrategy(unescapePem(env.JWT_PUBLIC_KEY!));
      try {
        const token = await signer.sign({ userId: 3, email: 'ops@example.com' });
        await expect(viewerOf(`Bearer ${token}`, strategy)).resolves.toEqual({ userId: 3, email: 'ops@example.com' });
      } finally {
        strategy.onModuleDestroy();
      }
    },
  );

  it('makes a new pair each time', () => {
    expect(generated().JWT_PUBLIC_KEY).not.toBe(generated().JWT_PUBLIC_KEY);
  });
});

import { developmentKeys, TokenSigner } from '@garage/service-kit';

/** Mints a bearer token for a user id. */
export type TokenMinter = (userId: number) => Promise<string>;

/**
 * Tokens signed with the development key pair in `dataDir`, the one the services of a test
 * environment verify with (valid for an hour; the email is `user<id>@example.com`).
 */
export async function testTokens(dataDir: string): Promise<TokenMinter> {
  const signer = await TokenSigner.fromPem(developmentKeys(dataDir).privateKey, 3600);
  return (userId) => signer.sign({ userId, email: `user${userId}@example.com` });
}

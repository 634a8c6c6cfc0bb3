import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import type { TokenClaims } from '@garage/contracts';

/**
 * ES256 (ECDSA on P-256): jsonwebtoken, which passport-jwt verifies with, has no EdDSA. Verifiers
 * accept this algorithm only, so `alg: none`, HMAC signed with the public key and every other
 * algorithm are refused.
 */
export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_ISSUER = 'garage-auth';
export const TOKEN_AUDIENCE = 'garage';

/** Signs tokens (auth, and tests that act as a signed-in user). */
export class TokenSigner {
  private constructor(
    private readonly key: KeyObject,
    private readonly ttlSeconds: number,
  ) {}

  static async fromPem(privateKeyPem: string, ttlSeconds: number): Promise<TokenSigner> {
    return new TokenSigner(signingKey(privateKeyPem), ttlSeconds);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new Promise((resolve, reject) =>
      jwt.sign(
        { email: claims.email },
        this.key,
        {
          algorithm: TOKEN_ALGORITHM,
          subject: String(claims.userId),
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          expiresIn: this.ttlSeconds,
        },
        (error, token) => (error || !token ? reject(error ?? new Error('No token signed')) : resolve(token)),
      ),
    );
  }
}

/** The private key, refused at boot unless it is a P-256 key (an old Ed25519 one included). */
export function signingKey(privateKeyPem: string): KeyObject {
  return p256Key(() => createPrivateKey(privateKeyPem), 'JWT_PRIVATE_KEY');
}

/** The public key, refused at boot unless it is a P-256 key. */
export function verifyingKey(publicKeyPem: string): KeyObject {
  return p256Key(() => createPublicKey(publicKeyPem), 'JWT_PUBLIC_KEY');
}

function p256Key(read: () => KeyObject, name: string): KeyObject {
  let key: KeyObject;
  try {
    key = read();
  } catch {
    throw new Error(`${name} is not a PEM key (\`npm run keys\` makes an ES256 pair)`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error(`${name} must be an ES256 (EC P-256) key; got ${key.asymmetricKeyType ?? 'an unknown type'}`);
  }
  return key;
}

export interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

const DEVELOPMENT_KEY_FILES = { private: 'jwt-es256.private.pem', public: 'jwt-es256.public.pem' };
/** The Ed25519 pair kept by earlier versions: its tokens no longer verify, so it is removed. */
const RETIRED_KEY_FILES = ['jwt-ed25519.private.pem', 'jwt-ed25519.public.pem'];

/**
 * The development key pair under `DATA_DIR/keys`, made on first use. Several processes may start
 * at once: the files are published with an atomic link, so each reads a complete pair. A data
 * folder from before ES256 gets a new pair; tokens signed with the old one are refused (401), so
 * its users sign in again.
 */
export function developmentKeys(dataDir: string): KeyPairPem {
  const dir = path.resolve(dataDir, 'keys');
  const privatePath = path.join(dir, DEVELOPMENT_KEY_FILES.private);
  const publicPath = path.join(dir, DEVELOPMENT_KEY_FILES.public);
  if (!existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const temp = `${privatePath}.${process.pid}.tmp`;
    writeFileSync(
      temp,
      JSON.stringify({
        privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
        publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }),
      }),
      { mode: 0o600 },
    );
    try {
      linkSync(temp, privatePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
    for (const retired of RETIRED_KEY_FILES) rmSync(path.join(dir, retired), { force: true });
  }
  const pair = JSON.parse(readFileSync(privatePath, 'utf8')) as KeyPairPem;
  if (!existsSync(publicPath)) writeFileSync(publicPath, pair.publicKey);
  return pair;
}

/** The public key from config (inline PEM or file), else the development pair. */
export function publicKeyFrom(config: { JWT_PUBLIC_KEY?: string; JWT_PUBLIC_KEY_FILE?: string; DATA_DIR: string }): string {
  if (config.JWT_PUBLIC_KEY) return unescapePem(config.JWT_PUBLIC_KEY);
  if (config.JWT_PUBLIC_KEY_FILE) return readFileSync(config.JWT_PUBLIC_KEY_FILE, 'utf8');
  return developmentKeys(config.DATA_DIR).publicKey;
}

/** PEMs passed through environment files often carry `\n` escapes instead of line breaks. */
export function unescapePem(pem: string): string {
  return pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem;
}

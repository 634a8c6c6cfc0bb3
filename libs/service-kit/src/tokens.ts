import { generateKeyPairSync } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { TokenClaims } from '@garage/contracts';

const ALGORITHM = 'EdDSA';
const ISSUER = 'garage-auth';
const AUDIENCE = 'garage';

/**
 * Verifies tokens with the public key: every service and the gateway hold one; only auth holds the
 * private key. Only EdDSA is accepted, so `alg: none` and HMAC confusion are refused.
 */
export class TokenVerifier {
  private constructor(private readonly key: CryptoKey) {}

  static async fromPem(publicKeyPem: string): Promise<TokenVerifier> {
    return new TokenVerifier(await importSPKI(publicKeyPem, ALGORITHM));
  }

  /** The claims of a valid token, or null for a bad, expired or foreign one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId < 1 || typeof payload.email !== 'string') return null;
      return { userId, email: payload.email };
    } catch {
      return null;
    }
  }
}

/** Signs tokens (auth only). */
export class TokenSigner {
  private constructor(
    private readonly key: CryptoKey,
    private readonly ttlSeconds: number,
  ) {}

  static async fromPem(privateKeyPem: string, ttlSeconds: number): Promise<TokenSigner> {
    return new TokenSigner(await importPKCS8(privateKeyPem, ALGORITHM), ttlSeconds);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }
}

export interface KeyPairPem {
  privateKey: string;
  publicKey: string;
}

/**
 * The development key pair under `DATA_DIR/keys`, made on first use. Several processes may start
 * at once: the files are published with an atomic link, so each reads a complete pair.
 */
export function developmentKeys(dataDir: string): KeyPairPem {
  const dir = path.resolve(dataDir, 'keys');
  const privatePath = path.join(dir, 'jwt-ed25519.private.pem');
  const publicPath = path.join(dir, 'jwt-ed25519.public.pem');
  if (!existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('ed25519');
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

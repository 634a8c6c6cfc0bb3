import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type JwtFromRequestFunction } from 'passport-jwt';
import type { TokenClaims } from '@garage/contracts';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, verifyingKey } from './tokens.js';

/** The PEM public key that verifies tokens (every service and the gateway hold it). */
export const TOKEN_PUBLIC_KEY = Symbol('TOKEN_PUBLIC_KEY');

/**
 * The bearer token of an `Authorization` header, or null when the header is not `Bearer <token>`.
 * One parser for the guard's header check and for passport-jwt's extraction.
 */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return /^Bearer\s+(\S+)\s*$/i.exec(value ?? '')?.[1] ?? null;
}

const fromBearerHeader: JwtFromRequestFunction<{ headers: Record<string, string | string[] | undefined> }> = (request) =>
  bearerToken(request.headers.authorization);

/**
 * Passport registers strategies by name in one process-wide table, which `AuthGuard('jwt')` reads.
 * Apps sharing a process (the standalone build, tests) must therefore share one public key: a
 * second key while the first is still in use would make the earlier app refuse its own tokens, so
 * it fails at boot instead.
 */
const processKey = { pem: '', holders: 0 };

/**
 * Verifies bearer tokens for `AuthGuard('jwt')` (the kit's `ViewerGuard`) and the gateway's token
 * check: ES256 only, our issuer and audience, not expired, and claims of the expected shape.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements OnModuleDestroy {
  private readonly keyPem: string;

  constructor(@Inject(TOKEN_PUBLIC_KEY) publicKeyPem: string) {
    const key = verifyingKey(publicKeyPem);
    const keyPem = key.export({ type: 'spki', format: 'pem' }).toString();
    if (processKey.holders > 0 && processKey.pem !== keyPem) {
      throw new Error('Another token public key is already in use in this process; apps in one process share one key');
    }
    super({
      jwtFromRequest: fromBearerHeader,
      // Parsed once: jsonwebtoken takes a KeyObject (its types name only string | Buffer), and
      // reading the PEM again on every request would cost several times the signature check.
      secretOrKey: key as unknown as string,
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    this.keyPem = keyPem;
    processKey.pem = keyPem;
    processKey.holders += 1;
  }

  /** The claims of a verified token; a signed token with any other shape is refused all the same. */
  validate(payload: { sub?: unknown; email?: unknown }): TokenClaims | false {
    const userId = Number(payload.sub);
    if (typeof payload.sub !== 'string' || !Number.isInteger(userId) || userId < 1 || typeof payload.email !== 'string') return false;
    return { userId, email: payload.email };
  }

  onModuleDestroy(): void {
    if (processKey.pem === this.keyPem) processKey.holders = Math.max(0, processKey.holders - 1);
  }
}

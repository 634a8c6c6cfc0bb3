import { Inject, Injectable } from '@nestjs/common';
import { JwtStrategy, viewerOf, type Viewer } from '@garage/service-kit';

/**
 * The gateway's token check: a present token must be valid, or the request ends here with 401.
 * It runs the kit's JWT strategy (the one behind every service's `AuthGuard('jwt')`) from the plain
 * Fastify proxy route. Verified tokens are remembered until they expire, so a busy client costs one
 * signature check.
 */
@Injectable()
export class TokenCheck {
  private readonly verified = new Map<string, { viewer: Viewer; until: number }>();

  constructor(@Inject(JwtStrategy) private readonly strategy: JwtStrategy) {}

  async viewer(authorization: string | undefined): Promise<Viewer> {
    if (!authorization) return null;
    const cached = this.verified.get(authorization);
    const now = Date.now();
    if (cached && cached.until > now) return cached.viewer;
    const viewer = await viewerOf(authorization, this.strategy);
    if (this.verified.size >= 10_000) this.verified.clear();
    // Re-checked every minute at most, and never past the token's own expiry (checked by the strategy).
    this.verified.set(authorization, { viewer, until: Math.min(now + 60_000, expiryOf(authorization)) });
    return viewer;
  }
}

/** When the token expires (ms since the epoch), 0 when it does not say. */
export function expiryOf(authorization: string): number {
  try {
    const payload = JSON.parse(Buffer.from(authorization.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

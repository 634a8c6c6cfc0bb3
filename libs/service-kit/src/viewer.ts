import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { TokenClaims } from '@garage/contracts';
import { unauthorized } from './errors.js';
import { TokenVerifier } from './tokens.js';

const SIGNED_IN = 'garage:signed-in';

/** Marks a route (or controller) as signed-in only: no token is `401 Authentication required`. */
export const SignedIn = () => SetMetadata(SIGNED_IN, true);

/** The caller: token claims, or null for a visitor. */
export type Viewer = TokenClaims | null;

interface WithViewer {
  viewer?: Viewer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Runs on every route. A token that is present must be valid (else `401`, public routes included,
 * so the SPA signs the user out); a missing token makes a visitor, refused only on `@SignedIn()` routes.
 */
@Injectable()
export class ViewerGuard implements CanActivate {
  constructor(
    @Inject(TokenVerifier) private readonly verifier: TokenVerifier,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WithViewer>();
    request.viewer = await viewerOf(request.headers.authorization, this.verifier);
    const signedInOnly = this.reflector.getAllAndOverride<boolean>(SIGNED_IN, [context.getHandler(), context.getClass()]);
    if (signedInOnly && !request.viewer) throw unauthorized();
    return true;
  }
}

/** Reads the bearer token: null without one, the claims with a valid one, a 401 with a bad one. */
export async function viewerOf(header: string | string[] | undefined, verifier: TokenVerifier): Promise<Viewer> {
  if (header === undefined || header === '') return null;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  if (!match) throw unauthorized('Invalid authorization header');
  const claims = await verifier.verify(match[1]!);
  if (!claims) throw unauthorized('Invalid or expired token');
  return claims;
}

/** Injects the caller (`null` for a visitor). */
export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer => {
  return context.switchToHttp().getRequest<WithViewer>().viewer ?? null;
});

/** Injects the signed-in caller; use on `@SignedIn()` routes only. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): TokenClaims => {
  const viewer = context.switchToHttp().getRequest<WithViewer>().viewer;
  if (!viewer) throw unauthorized();
  return viewer;
});

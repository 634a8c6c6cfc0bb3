import { createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import passport from 'passport';
import type { TokenClaims } from '@garage/contracts';
import { unauthorized } from './errors.js';
import { bearerToken, JwtStrategy } from './jwt.strategy.js';

const SIGNED_IN = 'garage:signed-in';

/** Marks a route (or controller) as signed-in only: no token is `401 Authentication required`. */
export const SignedIn = () => SetMetadata(SIGNED_IN, true);

/** The caller: token claims, or null for a visitor. */
export type Viewer = TokenClaims | null;

interface WithViewer {
  viewer?: Viewer;
  headers: Record<string, string | string[] | undefined>;
}

const INVALID_HEADER = 'Invalid authorization header';
const INVALID_TOKEN = 'Invalid or expired token';

/**
 * `AuthGuard('jwt')` on every route, with visitors allowed. A token that is present must be valid
 * (else `401`, public routes included, so the SPA signs the user out); a missing token makes a
 * visitor, refused only on `@SignedIn()` routes.
 */
@Injectable()
export class ViewerGuard extends AuthGuard('jwt') {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    // Event handlers run through guards too; a token only ever comes with an HTTP request.
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<WithViewer>();
    if (hasAuthorization(request.headers.authorization)) await super.canActivate(context);
    else request.viewer = null;
    const signedInOnly = this.reflector.getAllAndOverride<boolean>(SIGNED_IN, [context.getHandler(), context.getClass()]);
    if (signedInOnly && !request.viewer) throw unauthorized();
    return true;
  }

  override getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { property: 'viewer', session: false };
  }

  override handleRequest<T = TokenClaims>(error: unknown, viewer: T | false): T {
    if (error || !viewer) throw unauthorized(INVALID_TOKEN);
    return viewer;
  }
}

/** Absent or empty is a visitor; anything else must be `Bearer <token>`, else `401`. */
function hasAuthorization(header: string | string[] | undefined): boolean {
  if (header === undefined || header === '') return false;
  if (!bearerToken(header)) throw unauthorized(INVALID_HEADER);
  return true;
}

/**
 * The same check for code outside Nest's guard pipeline (the gateway's proxy route): null without
 * a header, the claims with a valid token, a `401` as `ViewerGuard` gives otherwise.
 */
export async function viewerOf(header: string | string[] | undefined, strategy: JwtStrategy): Promise<Viewer> {
  if (!hasAuthorization(header)) return null;
  const viewer = await new Promise<Viewer | false>((resolve, reject) => {
    // A fresh object per call: given a strategy instance, passport sets this request's success and
    // fail callbacks on the instance itself, so concurrent checks would overwrite each other's and
    // all but the last would never answer. (By name, passport does the same `Object.create`.)
    const authenticate = passport.authenticate(
      Object.create(strategy) as JwtStrategy,
      { session: false },
      (error: unknown, user: TokenClaims | false) => resolve(error ? false : user),
    ) as (request: unknown, response: unknown, next: (error?: unknown) => void) => void;
    authenticate({ headers: { authorization: header } }, {}, reject);
  });
  if (!viewer) throw unauthorized(INVALID_TOKEN);
  return viewer;
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

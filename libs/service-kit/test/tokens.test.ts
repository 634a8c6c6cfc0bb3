import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { forgedTokens } from '@garage/testing';
import {
  createLogger,
  CurrentUser,
  CurrentViewer,
  developmentKeys,
  ErrorFilter,
  JwtStrategy,
  SignedIn,
  TOKEN_PUBLIC_KEY,
  TokenSigner,
  viewerOf,
  ViewerGuard,
  type Viewer,
} from '../src/index.js';
import type { TokenClaims } from '@garage/contracts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-tokens-'));
const keys = developmentKeys(dataDir);
const claims = { userId: 7, email: 'ada@example.com' };
const ed25519 = generateKeyPairSync('ed25519');

@Controller()
class ProbeController {
  @Get('public')
  visitor(@CurrentViewer() viewer: Viewer) {
    return { viewer };
  }

  @SignedIn()
  @Get('private')
  member(@CurrentUser() user: TokenClaims) {
    return { user };
  }
}

let app: NestFastifyApplication;
let strategy: JwtStrategy;
let token: string;

beforeAll(async () => {
  @Module({
    controllers: [ProbeController],
    providers: [{ provide: TOKEN_PUBLIC_KEY, useValue: keys.publicKey }, JwtStrategy, { provide: APP_GUARD, useClass: ViewerGuard }],
  })
  class ProbeModule {}
  app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter(), { logger: false });
  app.useGlobalFilters(new ErrorFilter(createLogger('tokens-test', 'silent')));
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  strategy = app.get(JwtStrategy);
  token = await (await TokenSigner.fromPem(keys.privateKey, 3600)).sign(claims);
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = () => request(app.getHttpServer());

describe('tokens', () => {
  it('are ES256 with our issuer and audience, the user id as subject and a lifetime', () => {
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '7', email: 'ada@example.com', iss: 'garage-auth', aud: 'garage' });
    expect(payload.exp - payload.iat).toBe(3600);
  });

  it('cannot be made or checked with a key that is not P-256 (an old Ed25519 one, a placeholder)', async () => {
    await expect(TokenSigner.fromPem(ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 60)).rejects.toThrow(
      /JWT_PRIVATE_KEY must be an ES256/,
    );
    const publicPem = ed25519.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => new JwtStrategy(publicPem)).toThrow(/JWT_PUBLIC_KEY must be an ES256/);
    // The placeholders of the deploy templates are named, not a decoder's error code.
    expect(() => new JwtStrategy('replace-me')).toThrow('JWT_PUBLIC_KEY is not a PEM key (`npm run keys` makes an ES256 pair)');
    await expect(TokenSigner.fromPem('replace-me', 60)).rejects.toThrow(/JWT_PRIVATE_KEY is not a PEM key/);
  });
});

describe('ViewerGuard (AuthGuard("jwt") with visitors allowed)', () => {
  it('gives a public route a visitor without a token, and the claims with a valid one', async () => {
    expect((await api().get('/public').expect(200)).body).toEqual({ viewer: null });
    expect((await api().get('/public').set('authorization', '').expect(200)).body).toEqual({ viewer: null });
    const signedIn = await api().get('/public').set('authorization', `Bearer ${token}`).expect(200);
    expect(signedIn.body).toEqual({ viewer: claims });
    const lowerCase = await api().get('/private').set('authorization', `bearer ${token}`).expect(200);
    expect(lowerCase.body).toEqual({ user: claims });
  });

  it('answers 401 "Authentication required" on a signed-in route without a token', async () => {
    expect((await api().get('/private').expect(401)).body).toEqual({ error: 'Authentication required' });
  });

  it('answers 401 "Invalid authorization header" to a header that is not a bearer token', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', `Bearer ${token} extra`, token]) {
      for (const route of ['/public', '/private']) {
        const response = await api().get(route).set('authorization', header).expect(401);
        expect(response.body).toEqual({ error: 'Invalid authorization header' });
      }
    }
  });

  it('answers 401 "Invalid or expired token" to every forged token, public routes included', async () => {
    for (const [name, forged] of Object.entries(forgedTokens(keys, claims))) {
      for (const route of ['/public', '/private']) {
        const response = await api().get(route).set('authorization', `Bearer ${forged}`);
        expect({ name, route, status: response.status, body: response.body }).toEqual({
          name,
          route,
          status: 401,
          body: { error: 'Invalid or expired token' },
        });
      }
    }
  });
});

describe('viewerOf (the check outside the guard pipeline)', () => {
  it('runs the same strategy: a visitor, the claims, or the same 401s', async () => {
    await expect(viewerOf(undefined, strategy)).resolves.toBeNull();
    await expect(viewerOf(`Bearer ${token}`, strategy)).resolves.toEqual(claims);
    await expect(viewerOf('Token abc', strategy)).rejects.toMatchObject({
      status: 401,
      response: { error: 'Invalid authorization header' },
    });
    for (const forged of Object.values(forgedTokens(keys, claims))) {
      await expect(viewerOf(`Bearer ${forged}`, strategy)).rejects.toMatchObject({
        status: 401,
        response: { error: 'Invalid or expired token' },
      });
    }
  });

  it('answers every one of many checks made at once, valid and forged mixed (each has its own callbacks)', async () => {
    const forged = Object.values(forgedTokens(keys, claims));
    const checks = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? viewerOf(`Bearer ${forged[i % forged.length]}`, strategy).then(
            () => 'accepted',
            () => 'refused',
          )
        : viewerOf(`Bearer ${token}`, strategy).then((viewer) => viewer),
    );
    const answers = await Promise.race([Promise.all(checks), new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000))]);
    expect(answers).not.toBe('hung');
    (answers as unknown[]).forEach((answer, i) => expect(answer).toEqual(i % 3 === 0 ? 'refused' : claims));
  });
});

describe('one public key per process', () => {
  it('refuses a second key while the first is in use, and takes it once that app has closed', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => new JwtStrategy(other)).toThrow(/Another token public key is already in use/);
    const sameKey = new JwtStrategy(keys.publicKey);
    sameKey.onModuleDestroy();

    strategy.onModuleDestroy();
    new JwtStrategy(other).onModuleDestroy();
    // Back to the key the app above verifies with (passport's table is process-wide).
    new JwtStrategy(keys.publicKey);
  });
});

describe('development keys', () => {
  it('are a P-256 pair, made once and then reused', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'garage-keys-'));
    try {
      const first = developmentKeys(dir);
      expect(first.privateKey).toContain('BEGIN PRIVATE KEY');
      expect(developmentKeys(dir)).toEqual(first);
      expect(readFileSync(path.join(dir, 'keys', 'jwt-es256.public.pem'), 'utf8')).toBe(first.publicKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replace the Ed25519 pair of a data folder from before ES256', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'garage-keys-'));
    try {
      const keyDir = path.join(dir, 'keys');
      mkdirSync(keyDir);
      const oldPrivate = path.join(keyDir, 'jwt-ed25519.private.pem');
      const oldPublic = path.join(keyDir, 'jwt-ed25519.public.pem');
      writeFileSync(
        oldPrivate,
        JSON.stringify({
          privateKey: ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }),
          publicKey: ed25519.publicKey.export({ type: 'spki', format: 'pem' }),
        }),
      );
      writeFileSync(oldPublic, ed25519.publicKey.export({ type: 'spki', format: 'pem' }));

      const renewed = developmentKeys(dir);
      const signer = await TokenSigner.fromPem(renewed.privateKey, 60);
      expect(await signer.sign(claims)).toMatch(/^eyJ/);
      expect(existsSync(oldPrivate)).toBe(false);
      expect(existsSync(oldPublic)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { createHmac, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TokenClaims } from '@garage/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@garage/service-kit';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens every verifier must refuse (401 "Invalid or expired token"), each named after what is
 * wrong with it. `keys` is the real pair, so the ones that only break a claim carry a valid
 * signature and prove the claim itself is checked.
 */
export function forgedTokens(keys: { privateKey: string; publicKey: string }, claims: TokenClaims): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: String(claims.userId), email: claims.email, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 3600 };
  const ours = createPrivateKey(keys.privateKey);
  const es256 = (body: object, key = ours) => jwt.sign(body, key, { algorithm: 'ES256' });
  const genuine = es256(payload);
  const [genuineHeader, , genuineSignature] = genuine.split('.');
  const signedInput = (header: object, body: object) => `${base64url(header)}.${base64url(body)}`;

  const hmacInput = signedInput({ alg: 'HS256', typ: 'JWT' }, payload);
  const edInput = signedInput({ alg: 'EdDSA', typ: 'JWT' }, payload);
  const { sub: _sub, ...withoutSubject } = payload;
  return {
    'alg none, unsigned': `${signedInput({ alg: 'none', typ: 'JWT' }, payload)}.`,
    'HS256 keyed with the public key': `${hmacInput}.${createHmac('sha256', keys.publicKey).update(hmacInput).digest('base64url')}`,
    'EdDSA (the algorithm before ES256)': `${edInput}.${sign(null, Buffer.from(edInput), generateKeyPairSync('ed25519').privateKey).toString('base64url')}`,
    'ES384 with its own key': jwt.sign(payload, generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey, { algorithm: 'ES384' }),
    'ES256 signed by another key': es256(payload, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey),
    'another issuer': es256({ ...payload, iss: 'someone-else' }),
    'another audience': es256({ ...payload, aud: 'another-app' }),
    'expired an hour ago': es256({ ...payload, iat: now - 7200, exp: now - 3600 }),
    'no subject': es256(withoutSubject),
    'a subject that is not a user id': es256({ ...payload, sub: 'admin' }),
    'payload changed after signing': `${genuineHeader}.${base64url({ ...payload, sub: String(claims.userId + 1) })}.${genuineSignature}`,
  };
}

#!/usr/bin/env node
// Prints a new ES256 (EC P-256) token key pair as env lines, for `.env` (docker compose) or the
// Kubernetes overlay's `secrets.env`: auth signs with JWT_PRIVATE_KEY, the gateway and every
// service verify with JWT_PUBLIC_KEY. Line breaks are written as `\n`, which the config loader
// turns back into a PEM; the values are quoted for compose and left bare for kustomize.
import { generateKeyPairSync } from 'node:crypto';

const format = process.argv.includes('--kustomize') ? 'kustomize' : 'compose';
const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const line = (name, pem) => {
  const value = pem.trim().replace(/\n/g, '\\n');
  return format === 'compose' ? `${name}="${value}"` : `${name}=${value}`;
};
process.stdout.write(
  `${line('JWT_PRIVATE_KEY', pair.privateKey.export({ type: 'pkcs8', format: 'pem' }))}\n` +
    `${line('JWT_PUBLIC_KEY', pair.publicKey.export({ type: 'spki', format: 'pem' }))}\n`,
);

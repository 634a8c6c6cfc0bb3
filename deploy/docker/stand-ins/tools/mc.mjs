#!/usr/bin/env node
// `mc`, the MinIO client, for what this topology asks of it: `mc alias set NAME URL USER PASS`,
// `mc mb [--ignore-existing] NAME/BUCKET` and `mc ready NAME`. Aliases live in ~/.mc/config.json;
// `local` is http://localhost:9000 until set otherwise, as in MinIO's image.
import { promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const configFile = join(homedir(), '.mc', 'config.json');
const aliases = JSON.parse(await fs.readFile(configFile, 'utf8').catch(() => '{}'));
aliases.local ??= { url: 'http://localhost:9000', accessKey: process.env.MINIO_ROOT_USER ?? 'minioadmin' };

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
const fail = (message) => {
  console.error(`mc: ${message}`);
  process.exit(1);
};
const target = (name) => aliases[name] ?? fail(`unknown alias ${name}`);
const request = (alias, path, method) =>
  fetch(`${alias.url}${path}`, {
    method,
    headers: { authorization: `AWS4-HMAC-SHA256 Credential=${alias.accessKey}/00000000/us-east-1/s3/aws4_request` },
  });

const [command, ...rest] = args;
if (command === 'alias' && rest[0] === 'set') {
  const [, name, url, accessKey] = rest;
  aliases[name] = { url: url.replace(/\/$/, ''), accessKey };
  await fs.mkdir(join(homedir(), '.mc'), { recursive: true });
  await fs.writeFile(configFile, JSON.stringify(aliases));
  console.log(`Added \`${name}\` successfully.`);
} else if (command === 'mb') {
  const [name, bucket] = rest[0].split('/');
  const response = await request(target(name), `/${bucket}`, 'PUT').catch((err) => fail(String(err)));
  if (response.status === 409 && flags.has('--ignore-existing')) console.log(`Bucket \`${rest[0]}\` already exists.`);
  else if (response.ok) console.log(`Bucket created successfully \`${rest[0]}\`.`);
  else fail(`could not create ${rest[0]}: ${response.status} ${await response.text()}`);
} else if (command === 'ready') {
  const response = await request(target(rest[0]), '/minio/health/ready', 'GET').catch(() => null);
  if (!response?.ok) fail(`${rest[0]} is not ready`);
  console.log(`The cluster '${rest[0]}' is ready`);
} else {
  fail(`unsupported here: ${process.argv.slice(2).join(' ')}`);
}

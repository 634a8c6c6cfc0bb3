#!/usr/bin/env node
// `minio server DIR`: the part of S3 this topology uses (path-style buckets; put, get, head and
// delete objects, multi-object delete), objects kept as files under DIR so a volume keeps them,
// and MinIO's health endpoints. A request must name MINIO_ROOT_USER as its access key; signatures
// are not checked (only the topology's own network reaches it).
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const [command, dir = '/data'] = process.argv.slice(2);
if (command !== 'server') {
  console.error('usage: minio server DIR [--console-address ADDR]');
  process.exit(2);
}
const user = process.env.MINIO_ROOT_USER ?? 'minioadmin';
const port = Number((process.env.MINIO_ADDRESS ?? ':9000').split(':').pop());

const xml = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};
const error = (res, status, code, message) => xml(res, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
const objectPath = (bucket, key) => join(dir, bucket, encodeURIComponent(key));

async function body(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const raw = Buffer.concat(chunks);
  const streaming =
    String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-') || /aws-chunked/.test(req.headers['content-encoding'] ?? '');
  if (!streaming) return raw;
  // aws-chunked: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`, … a 0-size chunk, then trailers.
  const parts = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, eol).toString().split(';')[0], 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function authorised(req, url) {
  const credential =
    req.headers.authorization?.match(/Credential=([^/,\s]+)/)?.[1] ?? url.searchParams.get('X-Amz-Credential')?.split('/')[0];
  return credential === user;
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://minio');
  if (url.pathname.startsWith('/minio/health/')) return void res.writeHead(200).end();
  if (!authorised(req, url)) return error(res, 403, 'InvalidAccessKeyId', 'The Access Key Id you provided does not exist in our records.');
  const [, bucket = '', ...rest] = url.pathname.split('/');
  const key = decodeURIComponent(rest.join('/'));
  const bucketDir = join(dir, decodeURIComponent(bucket));
  const bucketExists = await fs.stat(bucketDir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!bucket) return error(res, 400, 'InvalidRequest', 'Listing buckets is not supported here.');
  if (!key) {
    if (req.method === 'PUT') {
      if (bucketExists)
        return error(
          res,
          409,
          'BucketAlreadyOwnedByYou',
          'Your previous request to create the named bucket succeeded and you already own it.',
        );
      await fs.mkdir(bucketDir, { recursive: true });
      return void res.writeHead(200, { location: `/${bucket}` }).end();
    }
    if (!bucketExists) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (req.method === 'HEAD') return void res.writeHead(200).end();
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...(await body(req)).toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]));
      for (const name of keys) {
        await fs.rm(objectPath(bucket, name), { force: true });
        await fs.rm(`${objectPath(bucket, name)}.meta.json`, { force: true });
      }
      return xml(res, 200, '<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>');
    }
    return error(res, 501, 'NotImplemented', 'Not implemented by this stand-in.');
  }
  if (!bucketExists) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
  const file = objectPath(bucket, key);
  if (req.method === 'PUT') {
    const data = await body(req);
    const etag = `"${createHash('md5').update(data).digest('hex')}"`;
    const meta = { etag, type: req.headers['content-type'] ?? 'application/octet-stream', cacheControl: req.headers['cache-control'] };
    // Written aside and renamed: a reader sees the old object or the new one, never half of one.
    await fs.writeFile(`${file}.tmp`, data);
    await fs.writeFile(`${file}.meta.json`, JSON.stringify(meta));
    await fs.rename(`${file}.tmp`, file);
    return void res.writeHead(200, { etag }).end();
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat)
      return req.method === 'HEAD' ? void res.writeHead(404).end() : error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    const meta = JSON.parse(await fs.readFile(`${file}.meta.json`, 'utf8').catch(() => '{}'));
    res.writeHead(200, {
      'content-type': meta.type ?? 'application/octet-stream',
      'content-length': stat.size,
      etag: meta.etag ?? '""',
      'last-modified': stat.mtime.toUTCString(),
      ...(meta.cacheControl ? { 'cache-control': meta.cacheControl } : {}),
    });
    if (req.method === 'HEAD') return void res.end();
    return void createReadStream(file).pipe(res);
  }
  if (req.method === 'DELETE') {
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.meta.json`, { force: true });
    return void res.writeHead(204).end();
  }
  return error(res, 501, 'NotImplemented', 'Not implemented by this stand-in.');
}

function unescapeXml(text) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

await fs.mkdir(dir, { recursive: true });
const server = createServer((req, res) =>
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) error(res, 500, 'InternalError', String(err));
    else res.destroy();
  }),
);
server.listen(port, () => console.log(`S3 API: http://0.0.0.0:${port} (data in ${dir})`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// Image uploads under load: how many POST /api/upload/image the media service handles per second
// on this machine.
//
// Starts the media service as its own process (as in the stack topology; local-disk storage, or
// s3rver with STORAGE=s3), on a fresh database that is dropped at the end. Each request uploads
// the same 1600×1200 (1.9 MP) camera-like JPEG with EXIF and GPS (about 0.6 MB), which the service
// checks, decodes, auto-rotates, strips, fits within 800×600, re-encodes with a 200×150 thumbnail,
// writes to storage and records in Postgres. Drives it with autocannon at 1 connection (latency of
// one upload) and at CONNECTIONS (throughput), and prints uploads/s, p50/p95/p99 and memory.
//
// Run: npm run bench:upload
// Options: DURATION=15 CONNECTIONS=4 STORAGE=local|s3 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/garage_bench_media
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';
import { developmentKeys, TokenSigner } from '@garage/service-kit';
import { percentile } from '../stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.DURATION ?? 15);
const connections = Number(process.env.CONNECTIONS ?? 4);
const storage = process.env.STORAGE ?? 'local';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/garage_bench_media_${Date.now().toString(36)}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'garage-bench-media-'));
const port = 4941;
const mediaUrl = `http://127.0.0.1:${port}`;

// 1. The photo: smooth shapes and sensor-like noise, so it compresses like a real one.
async function cameraPhoto() {
  const width = 1600;
  const height = 1200;
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#f4e1c1"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sky)"/>
      <rect x="200" y="700" width="1200" height="420" fill="#8b5a2b"/>
      <circle cx="520" cy="560" r="150" fill="#c0392b"/><rect x="900" y="420" width="300" height="300" fill="#27ae60"/>
    </svg>`,
  );
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 28 } } })
    .png()
    .toBuffer();
  return sharp(shapes)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'GarageCam', Model: 'Bench' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 10/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
const photo = await cameraPhoto();
const boundary = `----garagebench${randomUUID().replace(/-/g, '')}`;
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
  photo,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

// 2. Optional S3 storage: s3rver in this process, on a free port.
let s3 = null;
const storageEnv = { STORAGE_DRIVER: 'local' };
if (storage === 's3') {
  const { default: S3rver } = await import('s3rver');
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dataDir, 's3'),
    configureBuckets: [{ name: 'bench-media' }],
  });
  const address = await s3.run();
  Object.assign(storageEnv, {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'bench-media',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
}

// 3. The service, its own process; in-process bus (it publishes nothing, and no item events come).
let stopping = false;
const child = spawn(process.execPath, [path.join(root, 'services/media/dist/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    EVENT_BUS: 'memory',
    ...storageEnv,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
child.on('exit', (code) => {
  if (!stopping) {
    console.error(`media exited (${code})`);
    process.exit(1);
  }
});
async function cleanup() {
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  await s3?.close();
  if (!process.env.BENCH_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: new URL('/postgres', databaseUrl).toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}
for (let tries = 0; ; tries += 1) {
  try {
    if ((await fetch(`${mediaUrl}/health`)).ok) break;
  } catch {}
  if (tries > 300) throw new Error('the media service did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
const rssAtRest = rssMb();

// 4. A token as auth would sign it (the development key pair under DATA_DIR, shared with the service).
const signer = await TokenSigner.fromPem(developmentKeys(dataDir).privateKey, 3600);
const token = await signer.sign({ userId: 1, email: 'bench@garage.example' });

// A sanity check before measuring: one upload, and what came back.
const check = await fetch(`${mediaUrl}/api/upload/image`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  body,
});
const checked = await check.json();
if (check.status !== 201) throw new Error(`upload failed: ${check.status} ${JSON.stringify(checked)}`);
const stored = await sharp(Buffer.from(await (await fetch(`${mediaUrl}${checked.url}`)).arrayBuffer())).metadata();

function run(connectionCount, seconds) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 250);
    const instance = autocannon(
      {
        url: mediaUrl,
        connections: connectionCount,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/upload/image',
            headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
          },
        ],
      },
      (error, result) => {
        clearInterval(sampler);
        return error ? reject(error) : resolve({ result, latencies, peakRss, seconds });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}
function row(name, { result, latencies, peakRss, seconds }) {
  const sorted = latencies.sort((a, b) => a - b);
  const ok = result['2xx'];
  return {
    scenario: name,
    uploads: ok,
    'uploads/s': Number((ok / seconds).toFixed(1)),
    'MB/s in': Number(((ok * body.length) / seconds / 1_048_576).toFixed(1)),
    'p50 ms': Number(percentile(sorted, 50).toFixed(0)),
    'p95 ms': Number(percentile(sorted, 95).toFixed(0)),
    'p99 ms': Number(percentile(sorted, 99).toFixed(0)),
    'errors/non-2xx': result.errors + result.non2xx + result.timeouts,
    'peak RSS MB': Math.round(peakRss),
  };
}

console.log(
  `\nInput: ${(photo.length / 1024).toFixed(0)} KB JPEG, 1600×1200 (1.9 MP), EXIF orientation 6 + GPS; stored as ${stored.width}×${stored.height} ${stored.format} (${stored.exif ? 'WITH' : 'no'} EXIF)`,
);
console.log(
  `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores; storage: ${storage}; service RSS at rest ${rssAtRest.toFixed(0)} MB`,
);
console.log('Warming up (3 s)...');
await run(connections, 3);
console.log(`Measuring: 1 connection, then ${connections}, ${duration} s each...`);
const single = row('1 connection', await run(1, duration));
const parallel = row(`${connections} connections`, await run(connections, duration));
const [{ n: rows }] = await (async () => {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const result = await db.query(`SELECT count(*)::int AS n FROM media.images`);
  await db.end();
  return result.rows;
})();

console.log(`\nPOST /api/upload/image, direct to the media service (${storage} storage), ${duration} s per scenario\n`);
console.table([single, parallel]);
console.log(`${rows} images recorded in Postgres`);

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `upload-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { storage, duration, connections, inputBytes: photo.length, results: [single, parallel], rssAtRestMb: rssAtRest },
    null,
    2,
  ),
);
console.log(`results saved to ${path.relative(root, file)}`);
await cleanup();
process.exit(0);

#!/usr/bin/env node
// The OpenTelemetry collector's place in this topology: OTLP over HTTP on 4318 (/v1/traces,
// /v1/metrics, /v1/logs), traces passed on to the tracing store (jaeger:4318); the --config file
// is accepted and not interpreted.
import { createServer } from 'node:http';

const forwardTo = process.env.OTLP_FORWARD_URL ?? 'http://jaeger:4318';
const counts = { traces: 0, metrics: 0, logs: 0, forwardFailures: 0 };
const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const signal = req.url?.match(/^\/v1\/(traces|metrics|logs)$/)?.[1];
  if (req.method === 'GET' && req.url === '/stats')
    return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counts));
  if (req.method !== 'POST' || !signal) return void res.writeHead(404).end();
  counts[signal] += 1;
  if (signal === 'traces') {
    fetch(`${forwardTo}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/x-protobuf' },
      body: Buffer.concat(chunks),
    }).catch(() => (counts.forwardFailures += 1));
  }
  const json = String(req.headers['content-type']).includes('json');
  res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
});
server.listen(4318, () => console.log('OTLP/HTTP receiver on :4318'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

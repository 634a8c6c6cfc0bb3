#!/usr/bin/env node
// Where traces end in this topology: OTLP over HTTP on 4318, counted (not decoded or kept); the
// counts on 16686 (/api/stats), where Jaeger's UI would be.
import { createServer } from 'node:http';

const stats = { exports: 0, bytes: 0 };
const otlp = createServer(async (req, res) => {
  for await (const chunk of req) stats.bytes += chunk.length;
  if (req.method === 'POST' && req.url === '/v1/traces') stats.exports += 1;
  res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
});
const ui = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats)));
otlp.listen(4318);
ui.listen(16686, () => console.log('OTLP/HTTP on :4318, counts on :16686'));
process.on('SIGTERM', () => process.exit(0));

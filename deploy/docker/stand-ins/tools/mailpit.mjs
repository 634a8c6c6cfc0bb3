#!/usr/bin/env node
// Mailpit's part in this topology: an SMTP server on 1025 that keeps every message, and the
// message API on 8025 (GET /api/v1/messages, GET /api/v1/message/ID, DELETE /api/v1/messages).
// Messages are kept in memory, as Mailpit does without MP_DATABASE.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

const messages = [];

function decodeWords(value) {
  return value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*/g, (_, _charset, encoding, text) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function addresses(value = '') {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = part.match(/^(.*)<([^>]+)>$/);
      return match ? { Name: decodeWords(match[1].trim().replace(/^"|"$/g, '')), Address: match[2] } : { Name: '', Address: part };
    });
}

function keep(raw, envelope) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  messages.push({
    ID: randomUUID(),
    MessageID: headers['message-id'] ?? '',
    From: addresses(headers.from)[0] ?? { Name: '', Address: envelope.from },
    To: addresses(headers.to),
    Subject: decodeWords(headers.subject ?? ''),
    Created: new Date().toISOString(),
    Size: raw.length,
    Raw: raw,
  });
}

const smtp = createTcpServer((socket) => {
  let buffer = '';
  let data = null;
  let envelope = { from: '', to: [] };
  const say = (line) => socket.write(`${line}\r\n`);
  say('220 mailpit ESMTP');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    for (;;) {
      if (data !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0 && !buffer.startsWith('.\r\n')) return;
        const body = buffer.startsWith('.\r\n') ? '' : buffer.slice(0, end);
        buffer = buffer.startsWith('.\r\n') ? buffer.slice(3) : buffer.slice(end + 5);
        keep(Buffer.from((data + body).replace(/^\.\./gm, '.'), 'latin1').toString('utf8'), envelope);
        data = null;
        envelope = { from: '', to: [] };
        say('250 2.0.0 Ok: queued');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case 'EHLO':
          socket.write('250-mailpit\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 PIPELINING\r\n');
          break;
        case 'HELO':
          say('250 mailpit');
          break;
        case 'MAIL':
          envelope.from = line.match(/<([^>]*)>/)?.[1] ?? '';
          say('250 2.1.0 Ok');
          break;
        case 'RCPT':
          envelope.to.push(line.match(/<([^>]*)>/)?.[1] ?? '');
          say('250 2.1.5 Ok');
          break;
        case 'DATA':
          data = '';
          say('354 End data with <CR><LF>.<CR><LF>');
          break;
        case 'RSET':
          envelope = { from: '', to: [] };
          say('250 2.0.0 Ok');
          break;
        case 'NOOP':
          say('250 2.0.0 Ok');
          break;
        case 'QUIT':
          say('221 2.0.0 Bye');
          socket.end();
          break;
        default:
          say('502 5.5.2 Command not recognized');
      }
    }
  });
  socket.on('error', () => undefined);
});

const summary = ({ Raw: _raw, ...message }) => message;
const api = createHttpServer((req, res) => {
  const json = (status, value) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  const url = new URL(req.url, 'http://mailpit');
  if (req.method === 'GET' && url.pathname === '/api/v1/messages') {
    const newestFirst = [...messages].reverse();
    return json(200, { total: messages.length, count: newestFirst.length, messages: newestFirst.map(summary) });
  }
  if (req.method === 'DELETE' && url.pathname === '/api/v1/messages') return ((messages.length = 0), json(200, 'ok'));
  const id = url.pathname.match(/^\/api\/v1\/message\/([^/]+)$/)?.[1];
  const message = id && messages.find((m) => m.ID === id);
  if (req.method === 'GET' && message) {
    const text = message.Raw.slice(message.Raw.indexOf('\r\n\r\n') + 4);
    return json(200, { ...summary(message), Text: text });
  }
  if (req.method === 'GET' && url.pathname === '/livez') return json(200, 'ok');
  return json(404, { error: 'not found' });
});

smtp.listen(1025, () => console.log('SMTP on :1025'));
api.listen(8025, () => console.log('API on :8025'));
process.on('SIGTERM', () => process.exit(0));

/** The live stream (`GET /api/updates`) through nginx and the two gateways: unbuffered, fanned out, resumed. */
import { request } from 'node:http';
import { api, newSale, register } from './client.mjs';
import { check, figure } from './report.mjs';
import { BASE } from './topology.mjs';

/** A stream read as EventSource would: its named events, as they come. */
function openStream(token, lastEventId) {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const call = request(new URL(`/api/updates?token=${encodeURIComponent(token)}`, BASE), { headers }, (response) => {
      const events = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const fields = {};
          for (const line of buffer.slice(0, end).split('\n')) {
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          buffer = buffer.slice(end + 2);
          if (fields.event)
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? 'null'), at: performance.now() });
        }
      });
      resolve({
        status: response.statusCode,
        type: response.headers['content-type'] ?? '',
        events,
        next: async (matches, ms = 10_000) => {
          const started = Date.now();
          for (;;) {
            const event = events.find(matches);
            if (event) return event;
            if (Date.now() - started > ms) return null;
            await new Promise((settle) => setTimeout(settle, 10));
          }
        },
        close: () => call.destroy(),
      });
    });
    call.on('error', reject);
    call.end();
  });
}

/**
 * A host's tab holds the stream; shoppers write to the host through nginx (each request going to
 * either gateway): every message shows on the tab, unbuffered, within seconds; a tab that lost its
 * stream and comes back with Last-Event-ID gets what it missed.
 */
export async function liveThroughNginx() {
  const host = await register('live-host');
  const sale = await newSale(host);
  const unauthorised = await fetch(new URL('/api/updates', BASE), { headers: { accept: 'text/event-stream' } });
  check(unauthorised.status === 401, `the live stream without a token answers 401 through nginx (${unauthorised.status})`);

  const stream = await openStream(host.token);
  check(
    stream.status === 200 && stream.type.startsWith('text/event-stream'),
    `the live stream through nginx (${stream.status} ${stream.type})`,
  );
  const latencies = [];
  let conversationId = null;
  for (let i = 0; i < 6; i += 1) {
    const shopper = await register('live-shopper');
    const t0 = performance.now();
    const conversation = await api('POST', '/api/conversations', {
      token: shopper.token,
      body: { saleId: sale.id, text: `Still there? ${i}` },
    });
    conversationId = conversation.id;
    const seen = await stream.next((event) => event.event === 'message' && event.data?.conversationId === conversation.id);
    latencies.push(seen ? seen.at - t0 : Infinity);
  }
  stream.close();
  figure(`live stream through nginx: 6 messages to an open tab, shown after ${latencies.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  check(
    latencies.every((ms) => ms < 5000),
    'every message written through either gateway reaches the tab held by one of them',
  );

  const lastSeen = stream.events.at(-1)?.id;
  const shopper = await register('live-late');
  const missed = await api('POST', '/api/conversations', { token: shopper.token, body: { saleId: sale.id, text: 'While you were away' } });
  const again = await openStream(host.token, lastSeen);
  const replayed = await again.next((event) => event.event === 'message' && event.data?.conversationId === missed.id, 5000);
  again.close();
  check(
    replayed !== null && !again.events.some((event) => event.data?.conversationId === conversationId && event.event === 'message'),
    'a stream resumed with Last-Event-ID gets the message it missed, and none twice',
  );
}

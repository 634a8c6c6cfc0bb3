import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { closeAfterAnswers } from './closing-server.js';

const BODY = Buffer.alloc(8 * 1024 * 1024, 97);
let server: Server;

afterEach(() => server?.closeAllConnections());

/** A server whose one answer is larger than the socket's buffer, closed while the client has not read it yet. */
async function closedWithAnAnswerInTheBuffer(gentle: boolean): Promise<number | string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-length': BODY.length });
    response.end(BODY);
    setTimeout(() => server.close(), 50);
  });
  if (gentle) closeAfterAnswers(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await new Promise((resolve) => setTimeout(resolve, 300)); // a slow reader
  return response.arrayBuffer().then(
    (body) => body.byteLength,
    (error: Error) => error.message,
  );
}

describe('closeAfterAnswers', () => {
  it('lets an answer still in the socket buffer reach the client whole when the server closes', async () => {
    expect(await closedWithAnAnswerInTheBuffer(true)).toBe(BODY.length);
  });

  it('is needed: Node alone cuts that answer short', async () => {
    expect(await closedWithAnAnswerInTheBuffer(false)).toBe('terminated');
  });

  it('closes a connection between requests, so close() does not wait for it', async () => {
    server = createServer((_request, response) => response.end('ok'));
    closeAfterAnswers(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok'); // kept alive by fetch
    const closed = new Promise<number>((resolve) => {
      const t0 = Date.now();
      server.close(() => resolve(Date.now() - t0));
    });
    expect(await closed).toBeLessThan(1000);
  });
});

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Bytes a connection had read when its last answer was handed to the system: more since is a next request begun. */
const readAtLastAnswer = new WeakMap<Socket, number>();

/**
 * Makes `server.close()` let every answer reach its client whole.
 *
 * Node's `close()` first destroys the connections it counts as idle, and it counts one idle as soon
 * as the answer's `end()` was called, even while that answer still waits in the socket's buffer for
 * a slow reader: the client then gets a body cut short ("terminated"), and a proxy in front cannot
 * send the request elsewhere, since the status line has gone. This replaces that step: a connection
 * with an answer under way is ended once the answer is out, one between requests is closed, and
 * one in the middle of reading a request is left to be answered (its answer closes it).
 */
export function closeAfterAnswers(server: Server): void {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    readAtLastAnswer.set(socket, 0);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    response.once('finish', () => readAtLastAnswer.set(socket, socket.bytesRead));
  });
  server.closeIdleConnections = () => {
    for (const socket of sockets) {
      const answer = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (answer) {
        if (answer.writableFinished) socket.end();
        else answer.once('finish', () => socket.end());
      } else if (socket.bytesRead === readAtLastAnswer.get(socket)) {
        socket.destroy();
      }
    }
  };
}

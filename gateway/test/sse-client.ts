import { request as httpRequest, type IncomingMessage, type ClientRequest } from 'node:http';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** A `text/event-stream` read as EventSource would, keeping its events and counting its comments. */
export interface OpenStream {
  status: number;
  headers: IncomingMessage['headers'];
  events: StreamEvent[];
  comments: number;
  /** The first event (from the start) that `matches`, waited for up to `ms`. */
  next(matches: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  /** Whether the server ended the stream within `ms`. */
  ended(ms: number): Promise<boolean>;
  close(): void;
}

export function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const call: ClientRequest = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const stream: OpenStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        comments: 0,
        next: (matches, ms = 10_000) =>
          new Promise((found, fail) => {
            const started = Date.now();
            const look = () => {
              const event = stream.events.find(matches);
              if (event) return found(event);
              if (Date.now() - started > ms) return fail(new Error(`no matching event within ${ms} ms: ${JSON.stringify(stream.events)}`));
              setTimeout(look, 10);
            };
            look();
          }),
        ended: (ms) =>
          new Promise((settle) => {
            if (response.complete || response.destroyed) return settle(true);
            const timer = setTimeout(() => settle(false), ms);
            response.once('close', () => {
              clearTimeout(timer);
              settle(true);
            });
          }),
        close: () => call.destroy(),
      };
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments += 1;
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
          }
          if (fields.data !== undefined)
            stream.events.push({ id: fields.id, event: fields.event ?? 'message', data: JSON.parse(fields.data) as unknown });
        }
      });
      response.on('error', () => undefined);
      resolve(stream);
    });
    call.on('error', reject);
    call.end();
  });
}

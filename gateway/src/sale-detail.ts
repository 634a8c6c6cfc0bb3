import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceName } from './routes.js';
import type { TokenCheck } from './token-check.js';
import { serviceUnavailable, type Upstreams } from './upstreams.js';

/** A path segment that can be a sale id; anything else (`my-sales`) is an ordinary sales call. */
export const SALE_ID = /^\d{1,10}$/;

/** Response headers of the sales service that travel with its answer when it is passed through. */
const PASSED_THROUGH_HEADERS = ['content-type', 'retry-after', 'cache-control'];

interface Upstream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * The one call that spans two services (architecture: the gateway composes it): `GET
 * /api/sales/{id}` is the sale from the sales service plus its items from the items service. Both
 * are asked at once, each with the caller's token, so each applies its own visitor rules. A refusal
 * from the sales service (`404 Sale not found`, `400`) is the answer as it is; the items service
 * failing is a `503` with `Retry-After`, never a sale that wrongly looks empty.
 */
export async function composeSaleDetail(
  upstreams: Upstreams,
  tokens: TokenCheck,
  request: FastifyRequest,
  reply: FastifyReply,
  otherwise: () => Promise<void>,
): Promise<void> {
  const [path, query = ''] = request.url.split('?', 2) as [string, string?];
  const id = path.slice('/api/sales/'.length);
  if (!SALE_ID.test(id)) return otherwise();
  // A bad token ends here with 401 before either service is asked.
  await tokens.viewer(request.headers.authorization);

  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': request.id, 'x-forwarded-for': request.ip };
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  // With the address, what tells one visitor from another in the sale's count of viewers.
  const agent = request.headers['user-agent'];
  if (agent) headers['user-agent'] = agent;
  const [sale, items] = await Promise.allSettled([
    fetchText(upstreams, 'sales', `/api/sales/${id}${query ? `?${query}` : ''}`, headers),
    fetchText(upstreams, 'items', `/api/items/by-sale/${id}`, headers),
  ]);

  if (sale.status === 'rejected') throw serviceUnavailable('sales');
  if (sale.value.status !== 200) {
    void reply.status(sale.value.status);
    for (const name of PASSED_THROUGH_HEADERS) {
      const value = sale.value.headers[name];
      if (value !== undefined) void reply.header(name, value);
    }
    return reply.send(sale.value.text);
  }
  if (items.status === 'rejected' || items.value.status !== 200) throw serviceUnavailable('items');
  const body = { ...(JSON.parse(sale.value.text) as Record<string, unknown>), items: JSON.parse(items.value.text) as unknown[] };
  return reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}

async function fetchText(upstreams: Upstreams, service: ServiceName, path: string, headers: Record<string, string>): Promise<Upstream> {
  const response = await upstreams.request(service, { path, method: 'GET', headers });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

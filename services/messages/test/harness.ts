import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ItemSnapshot, Message, SaleSnapshot } from '@garage/contracts';
import { itemSnapshot, newId, publishSale, saleSnapshot, ServiceHarness } from '@garage/testing';
import { messagesService } from '../src/index.js';

export { newId };

/**
 * The owners this service asks when its copy has not heard of a sale (sales) and about an item
 * named in a new conversation (items): what each answers on its `/internal` path, or 404.
 */
export class OwnersStandIn {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly sales: Map<number, SaleSnapshot>,
    readonly items: Map<number, ItemSnapshot>,
  ) {}

  static async start(): Promise<OwnersStandIn> {
    const sales = new Map<number, SaleSnapshot>();
    const items = new Map<number, ItemSnapshot>();
    const server = createServer((request, response) => {
      const [, , kind, id] = (request.url ?? '').split('/');
      const found = kind === 'sales' ? sales.get(Number(id)) : kind === 'items' ? items.get(Number(id)) : undefined;
      response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(found ?? { error: 'Not found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new OwnersStandIn(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sales, items);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The messages service under test (see ServiceHarness), with the owners it asks stood in. */
export class MessagesHarness extends ServiceHarness {
  owners!: OwnersStandIn;

  static async launch(env: Record<string, string> = {}): Promise<MessagesHarness> {
    const owners = await OwnersStandIn.start();
    const harness = (await MessagesHarness.start(messagesService, {
      env: { SALES_URL: owners.url, ITEMS_URL: owners.url, ...env },
      listen: ['message.sent', 'conversation.read'],
    })) as MessagesHarness;
    harness.owners = owners;
    return harness;
  }

  /** A sale the sales service has (and answers for), which this service has heard of from its events. */
  async sale(hostId: number, overrides: Partial<SaleSnapshot> = {}, version = 1, id = newId()): Promise<SaleSnapshot> {
    this.owners.sales.set(id, saleSnapshot(id, hostId, overrides));
    return publishSale(this, id, hostId, overrides, version);
  }

  /** A sale only the sales service knows yet (its event not applied here). */
  ownerOnlySale(hostId: number, overrides: Partial<SaleSnapshot> = {}): SaleSnapshot {
    const sale = saleSnapshot(newId(), hostId, overrides);
    this.owners.sales.set(sale.id, sale);
    return sale;
  }

  item(hostId: number, saleId: number): ItemSnapshot {
    const item = itemSnapshot(newId(), hostId, saleId);
    this.owners.items.set(item.id, item);
    return item;
  }

  /** Calls the API as `userId`. */
  async as(userId: number, method: 'get' | 'post', path: string, body?: unknown) {
    const api = this.api();
    const call = (method === 'get' ? api.get(path) : api.post(path)).set('authorization', await this.bearer(userId));
    return body === undefined ? call : call.send(body as object);
  }

  /** Starts (or continues) the member's conversation; expects 201 and answers its id. */
  async write(userId: number, saleId: number, text: string, itemId?: number): Promise<number> {
    const response = await this.as(userId, 'post', '/api/conversations', { saleId, itemId, text });
    if (response.status !== 201) throw new Error(`POST /api/conversations answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body.id;
  }

  /** The messages of a conversation as `userId` reads them (first page, newest first). */
  async messages(userId: number, conversationId: number): Promise<Message[]> {
    const response = await this.as(userId, 'get', `/api/conversations/${conversationId}`);
    if (response.status !== 200) throw new Error(`GET conversation answered ${response.status}`);
    return response.body.messages;
  }

  override async close(): Promise<void> {
    await super.close();
    await this.owners?.close();
  }
}

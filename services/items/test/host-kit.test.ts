import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { approximateSalePoint } from '@garage/contracts';
import { labelBox } from '@garage/print';
import { decodeQrCodes, readPdf } from '../../../libs/print/test/pdf-reader.js';
import { ItemsHarness, newId } from './harness.js';

/**
 * The host's kit in the items service: a sale's price stickers (stickers.pdf), and an item's sale
 * whose host has not let its address show yet (street and a pin within a block, for members).
 */

let h: ItemsHarness;
const host = newId();
const member = newId();

beforeAll(async () => {
  h = await ItemsHarness.launch({ PUBLIC_URL: 'https://garage.example' });
  await h.user(host);
  await h.user(member);
});

afterAll(async () => {
  await h?.close();
});

/** The answer, the PDF's bytes as the client receives them, after checking its status. */
async function stickersOf(saleId: number, userId: number | undefined, status: number) {
  const authorization = userId === undefined ? {} : { authorization: await h.bearer(userId) };
  return h
    .api()
    .get(`/api/sales/${saleId}/stickers.pdf`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .set(authorization)
    .expect(status);
}

/** The right end of every label of a sheet, where its QR code is. */
const qrRegions = Array.from({ length: 30 }, (_, i) => {
  const box = labelBox(i);
  return { x: box.x + box.width - 76, y: box.y, width: 76, height: box.height };
});

describe('GET /api/sales/{id}/stickers.pdf', () => {
  it('prints one Avery 5160 label per unsold item: price, short title and a QR code to the item', async () => {
    const saleId = newId();
    await h.sale(saleId, host, { title: 'Sticker sale' });
    const items: Array<{ id: number }> = [];
    for (let i = 0; i < 31; i++) {
      items.push(await h.createItem(host, { garageSaleId: saleId, title: `Lamp number ${i + 1}`, price: i === 0 ? 0 : 12.5 }));
    }
    const long = await h.createItem(host, {
      garageSaleId: saleId,
      title: 'Mid-century walnut dresser with six drawers and its original brass pulls',
      price: 149.99,
    });
    const sold = await h.createItem(host, { garageSaleId: saleId, title: 'Already sold vase', price: 3 });
    await h.service.dataSource.query(`UPDATE items SET is_sold = true WHERE id = $1`, [sold.id]);

    const response = await stickersOf(saleId, host, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="price-stickers-${saleId}.pdf"`);
    const pdf = await readPdf(response.body);
    try {
      expect(pdf.sizes).toEqual([
        { width: 612, height: 792 },
        { width: 612, height: 792 },
      ]);
      const text = pdf.pages.join('\n');
      expect(pdf.pages[0]).toContain('Lamp number 1');
      expect(pdf.pages[0]).toContain('FREE');
      expect(pdf.pages[0]).toContain('$12.50');
      expect(pdf.pages[1]).toContain('Lamp number 31');
      expect(pdf.pages[1]).toContain('$149.99');
      expect(text).toContain('Mid-century walnut dresser with six drawers');
      expect(text).not.toContain('original brass pulls');
      expect(text).not.toContain('Already sold vase');

      const first = await decodeQrCodes(pdf, 1, qrRegions);
      expect(first).toEqual(items.slice(0, 30).map((item) => `https://garage.example/items/${item.id}`));
      const second = await decodeQrCodes(pdf, 2, qrRegions.slice(0, 3));
      expect(second).toEqual([`https://garage.example/items/${items[30]!.id}`, `https://garage.example/items/${long.id}`, null]);
    } finally {
      await pdf.document.destroy();
    }
  });

  it('is the host’s alone: another member gets 404, a visitor 401', async () => {
    const saleId = newId();
    await h.sale(saleId, host);
    await h.createItem(host, { garageSaleId: saleId });
    expect(JSON.parse((await stickersOf(saleId, member, 404)).body.toString())).toEqual({ error: 'Sale not found' });
    await stickersOf(saleId, undefined, 401);
    await h
      .api()
      .get('/api/sales/abc/stickers.pdf')
      .set('authorization', await h.bearer(host))
      .expect(400);
  });
});

describe('an item’s sale before its address shows', () => {
  it('gives members the street and a pin within a block, the host everything, and carries the payment methods', async () => {
    const hidden = newId();
    const shown = newId();
    // Springfield keeps Central time; one moment long ahead, one long past.
    await h.sale(hidden, host, {
      address: '1204 N Maple Dr',
      address_visible_from: '2099-05-02T18:00',
      payment_methods: ['cash', 'zelle'],
    });
    await h.sale(shown, host, { address: '9 Elm St', address_visible_from: '2020-05-02T18:00' });
    const early = await h.createItem(host, { garageSaleId: hidden, title: 'Brass floor lamp' });
    const late = await h.createItem(host, { garageSaleId: shown, title: 'Brass table lamp' });
    const moved = approximateSalePoint(hidden, 39.8, -89.65);

    const asMember = (
      await h
        .api()
        .get(`/api/items/${early.id}`)
        .set('authorization', await h.bearer(member))
        .expect(200)
    ).body;
    expect(asMember.sale).toMatchObject({
      address: 'N Maple Dr',
      latitude: moved.latitude,
      longitude: moved.longitude,
      payment_methods: ['cash', 'zelle'],
      address_visible_from: '2099-05-02T18:00',
    });
    const asHost = (
      await h
        .api()
        .get(`/api/items/${early.id}`)
        .set('authorization', await h.bearer(host))
        .expect(200)
    ).body;
    expect(asHost.sale).toMatchObject({ address: '1204 N Maple Dr', latitude: 39.8, longitude: -89.65 });
    const asVisitor = (await h.api().get(`/api/items/${early.id}`).expect(200)).body;
    expect(asVisitor.sale).toMatchObject({ address: null, latitude: moved.latitude });
    const past = (
      await h
        .api()
        .get(`/api/items/${late.id}`)
        .set('authorization', await h.bearer(member))
        .expect(200)
    ).body;
    expect(past.sale).toMatchObject({ address: '9 Elm St', latitude: 39.8, payment_methods: [] });

    // Search answers are shared by members, the host included: the sale is placed as for any member.
    const results = (
      await h
        .api()
        .get('/api/items/search')
        .query({ q: 'brass lamp' })
        .set('authorization', await h.bearer(member))
        .expect(200)
    ).body as Array<{ id: number; sale: { address: string; latitude: number } }>;
    expect(results.find((result) => result.id === early.id)?.sale).toMatchObject({ address: 'N Maple Dr', latitude: moved.latitude });
    expect(results.find((result) => result.id === late.id)?.sale).toMatchObject({ address: '9 Elm St', latitude: 39.8 });
  });
});

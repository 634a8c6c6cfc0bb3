import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { communitySaleForm, saleForm, userSnapshot } from './harness.js';

/** GET /api/community-sales/{id}/print.pdf: the printout, parsed back; a visitor's copy without addresses. */

// pdf.js reads the 14 standard fonts from its own files when told where they are.
const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
const ORGANIZER = 401;
const HOST = 402;
const tokens: Record<number, string> = {};
const api = () => request(sales.url);
const as = (userId: number) => ({ authorization: `Bearer ${tokens[userId]}` });

/** The PDF's bytes, as the client receives them. */
async function printout(id: number, userId?: number) {
  const call = api()
    .get(`/api/community-sales/${id}/print.pdf`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return (userId ? call.set(as(userId)) : call).expect(200);
}

/** Every page's text, items joined by spaces. */
async function pagesOf(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

beforeAll(async () => {
  testEnv = await serviceTestEnv({ PUBLIC_URL: 'https://garage.example' });
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env);
  const signFor = await testTokens(testEnv.env.DATA_DIR!);
  for (const id of [ORGANIZER, HOST]) tokens[id] = await signFor(id);
  await serviceQueueReady(testEnv.env, 'sales');
  await bus.publish('user.registered', 1, userSnapshot(HOST));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 1, 5000, 'the user projection');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('GET /api/community-sales/{id}/print.pdf', () => {
  it('prints the map page and the numbered list: addresses for members, streets only for visitors', async () => {
    const communitySale = (
      await api()
        .post('/api/community-sales')
        .set(as(ORGANIZER))
        .send(communitySaleForm({ name: 'Beverly Hills Sale Day', requiresApproval: true }))
        .expect(201)
    ).body;
    const titles = ['Lamps and linens', 'Garden tools galore', 'Waiting for approval'];
    const saleIds: number[] = [];
    for (const [at, title] of titles.entries()) {
      const sale = (
        await api()
          .post('/api/sales')
          .set(as(HOST))
          .send(saleForm({ title, address: `${120 + at} Rodeo Dr` }))
          .expect(201)
      ).body;
      saleIds.push(sale.id);
      await api().post(`/api/community-sales/${communitySale.id}/sales`).set(as(HOST)).send({ saleId: sale.id }).expect(201);
    }
    for (const saleId of saleIds.slice(0, 2)) {
      await api().post(`/api/community-sales/${communitySale.id}/sales/${saleId}/approve`).set(as(ORGANIZER)).expect(200);
    }

    const member = await printout(communitySale.id, HOST);
    expect(member.headers['content-type']).toBe('application/pdf');
    expect(member.headers['content-disposition']).toBe(`inline; filename="community-sale-${communitySale.id}.pdf"`);
    const memberText = (await pagesOf(member.body)).join('\n');
    expect(memberText).toContain('Beverly Hills Sale Day');
    expect(memberText).toContain('Lamps and linens');
    expect(memberText).toContain('Garden tools galore');
    expect(memberText).toContain('120 Rodeo Dr');
    expect(memberText).not.toContain('Waiting for approval');

    const visitorPages = await pagesOf((await printout(communitySale.id)).body);
    expect(visitorPages.length).toBeGreaterThanOrEqual(2);
    const visitorText = visitorPages.join('\n');
    expect(visitorText).toContain('Lamps and linens');
    expect(visitorText).toContain('Rodeo Dr');
    expect(visitorText).not.toContain('120 Rodeo Dr');
    expect(visitorText).not.toContain('121 Rodeo Dr');
  });

  it('answers 404 to an unknown community sale and 400 to an id that is not one', async () => {
    expect((await api().get('/api/community-sales/999999/print.pdf').expect(404)).body).toEqual({ error: 'Community sale not found' });
    await api().get('/api/community-sales/abc/print.pdf').expect(400);
  });
});

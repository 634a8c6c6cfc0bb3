import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { dayFromToday, saleForm } from './harness.js';
import { bearer, HOST, salesWorld, type SalesWorld } from './sales.harness.js';

/** The host changing a sale (PUT) and deleting it, and everyone else refused. */

let w: SalesWorld;

beforeAll(async () => {
  w = await salesWorld();
});

afterAll(async () => {
  await w?.close();
});

describe('PUT /api/sales/{id}', () => {
  it('lets the host change the sale, re-geocodes a new ZIP and publishes sale.updated with the next version', async () => {
    const sale = await w.createSale();
    const form = saleForm({ title: 'Bigger sale', zipCode: '02134', city: 'Allston', state: 'MA', endDate: dayFromToday(9) });
    const response = await w.api().put(`/api/sales/${sale.id}`).set(bearer(w.hostToken)).send(form).expect(200);
    expect(response.body).toMatchObject({
      id: sale.id,
      title: 'Bigger sale',
      city: 'Allston',
      state: 'MA',
      zip_code: '02134',
      latitude: 42.3535,
      longitude: -71.1329,
      end_date: form.endDate,
      status: 'active',
      first_name: 'Grace',
    });
    const event = await waitFor(() => w.bus.received.find((e) => e.type === 'sale.updated' && e.data.id === sale.id));
    expect(event.version).toBe(2);
    expect(event.data).toMatchObject({ title: 'Bigger sale', zip_code: '02134', status: 'active' });
    expect((await w.api().get(`/api/sales/${sale.id}`).expect(200)).body.title).toBe('Bigger sale');
  });

  it('lets the host cancel the sale, which then leaves browse', async () => {
    const sale = await w.createSale({ title: 'To cancel' });
    const response = await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.hostToken))
      .send({ ...saleForm({ title: 'To cancel' }), status: 'cancelled' })
      .expect(200);
    expect(response.body.status).toBe('cancelled');
    const event = await waitFor(() => w.bus.received.find((e) => e.type === 'sale.updated' && e.data.id === sale.id));
    expect(event.data.status).toBe('cancelled');
    const browse = await w.api().get('/api/sales').expect(200);
    expect(browse.body.map((s: { id: number }) => s.id)).not.toContain(sale.id);
    const reactivated = await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.hostToken))
      .send({ ...saleForm({ title: 'To cancel' }), status: 'active' })
      .expect(200);
    expect(reactivated.body.status).toBe('active');
  });

  it('answers 403 to another user and changes nothing', async () => {
    const sale = await w.createSale({ title: 'Guarded' });
    const response = await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.otherToken))
      .send(saleForm({ title: 'Hijacked' }))
      .expect(403);
    expect(typeof response.body.error).toBe('string');
    // A stranger is refused before the body is looked at.
    await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.otherToken))
      .send(saleForm({ zipCode: '00000' }))
      .expect(403);
    expect((await w.api().get(`/api/sales/${sale.id}`).expect(200)).body.title).toBe('Guarded');
  });

  it('answers 404 to an unknown id, 400 to a non-numeric one, 401 without a token', async () => {
    expect((await w.api().put('/api/sales/999999').set(bearer(w.hostToken)).send(saleForm()).expect(404)).body).toEqual({
      error: 'Sale not found',
    });
    await w.api().put('/api/sales/abc').set(bearer(w.hostToken)).send(saleForm()).expect(400);
    await w.api().put('/api/sales/1').send(saleForm()).expect(401);
  });

  it('answers 400 to an invalid form, an unknown ZIP and an unknown status', async () => {
    const sale = await w.createSale();
    const invalid = await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.hostToken))
      .send(saleForm({ endDate: dayFromToday(1) }))
      .expect(400);
    expect(invalid.body.details).toContainEqual({ field: 'endDate', message: 'End date cannot be before the start date' });
    const zip = await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.hostToken))
      .send(saleForm({ zipCode: '00000' }))
      .expect(400);
    expect(zip.body.details).toEqual([{ field: 'zipCode', message: 'ZIP code not found' }]);
    const status = await w
      .api()
      .put(`/api/sales/${sale.id}`)
      .set(bearer(w.hostToken))
      .send({ ...saleForm(), status: 'completed' })
      .expect(400);
    expect(status.body.details[0].field).toBe('status');
    await w.api().put(`/api/sales/${sale.id}`).set(bearer(w.hostToken)).set('content-type', 'application/json').send('{').expect(400);
  });

  it('applies the start-date rule only when the start date changes, so a running sale stays editable', async () => {
    const yesterday = dayFromToday(-1);
    const [{ id }] = await w.sales.dataSource.query(
      `INSERT INTO sales (user_id, title, address, city, state, zip_code, start_date, end_date, start_time, end_time, ends_at, latitude, longitude)
       VALUES ($1, 'Running', '1 Main St', 'Beverly Hills', 'CA', '90210', $2, $3, '08:00', '16:00', now() + interval '3 days', 34.0901, -118.4065)
       RETURNING id`,
      [HOST, yesterday, dayFromToday(2)],
    );
    const keep = saleForm({ title: 'Still running', startDate: yesterday, endDate: dayFromToday(2) });
    const response = await w.api().put(`/api/sales/${id}`).set(bearer(w.hostToken)).send(keep).expect(200);
    expect(response.body).toMatchObject({ title: 'Still running', start_date: yesterday });
    const moved = saleForm({ startDate: dayFromToday(-2), endDate: dayFromToday(2) });
    const refused = await w.api().put(`/api/sales/${id}`).set(bearer(w.hostToken)).send(moved).expect(400);
    expect(refused.body.details).toContainEqual({ field: 'startDate', message: 'Start date cannot be in the past' });
  });
});

describe('DELETE /api/sales/{id}', () => {
  it('answers 403 to another user, then 204 to the host and publishes sale.deleted', async () => {
    const sale = await w.createSale({ title: 'Short-lived' });
    await w.api().delete(`/api/sales/${sale.id}`).set(bearer(w.otherToken)).expect(403);
    await w.api().get(`/api/sales/${sale.id}`).expect(200);
    const response = await w.api().delete(`/api/sales/${sale.id}`).set(bearer(w.hostToken)).expect(204);
    expect(response.text).toBe('');
    expect((await w.api().get(`/api/sales/${sale.id}`).expect(404)).body).toEqual({ error: 'Sale not found' });
    const event = await waitFor(() => w.bus.received.find((e) => e.type === 'sale.deleted' && e.data.id === sale.id));
    expect(event.data).toEqual({ id: sale.id, user_id: HOST });
    expect(event.version).toBe(2);
  });

  it('answers 404 to an unknown id, 400 to a non-numeric one, 401 without a token', async () => {
    expect((await w.api().delete('/api/sales/999999').set(bearer(w.hostToken)).expect(404)).body).toEqual({ error: 'Sale not found' });
    await w.api().delete('/api/sales/x1').set(bearer(w.hostToken)).expect(400);
    await w.api().delete('/api/sales/1').expect(401);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { AnyEvent } from '@garage/contracts';
import { Inbox } from '@garage/event-bus';
import { startService, type RunningService } from '@garage/service-kit';
import {
  serviceQueueReady,
  serviceTestEnv,
  testBus,
  testEvent,
  testTokens,
  waitFor,
  type ServiceTestEnv,
  type TestBus,
} from '@garage/testing';
import { mediaService } from '../src/index.js';
import { ImagePurger } from '../src/images/image-purger.js';
import { UnattachedImageSweep } from '../src/images/unattached-sweep.job.js';
import { itemSnapshot, solid } from './harness.js';

let testEnv: ServiceTestEnv;
let media: RunningService<unknown>;
let publisher: TestBus;
let tokenOf: (userId: number) => Promise<string>;

const SELLER = 11;
const OTHER = 12;

interface Uploaded {
  key: string;
  url: string;
  thumbnailUrl: string;
}

async function uploadAs(userId: number): Promise<Uploaded> {
  const response = await request(media.url)
    .post('/api/upload/image')
    .set('authorization', `Bearer ${await tokenOf(userId)}`)
    .attach('image', await solid(64, 48, 'jpeg'), 'photo.jpg')
    .expect(201);
  return { ...response.body, key: response.body.url.slice('/api/images/'.length, -'.jpg'.length) };
}

const status = async (url: string) => (await request(media.url).get(url)).status;
const filesOf = (image: Uploaded) =>
  [image.url, image.thumbnailUrl].map((url) => {
    const name = url.slice('/api/images/'.length);
    return existsSync(path.join(testEnv.env.DATA_DIR!, 'media', name.slice(0, 2), name));
  });
const rowOf = async (image: Uploaded) => (await media.dataSource.query(`SELECT key FROM images WHERE key = $1`, [image.key]))[0];

/** Publishes through the broker and waits until the media service has committed each event. */
async function deliver(...events: AnyEvent[]): Promise<void> {
  await publisher.publishEnvelopes(events);
  await waitFor(
    async () => {
      const [row] = await media.dataSource.query(`SELECT count(*)::int AS n FROM inbox WHERE message_id = ANY($1::uuid[])`, [
        events.map((e) => e.id),
      ]);
      return row.n === events.length;
    },
    10_000,
    `events ${events.map((e) => e.type).join(', ')} applied`,
  );
}

/** Gone for good: not served, no objects left, no row. */
async function expectRemoved(image: Uploaded): Promise<void> {
  await waitFor(async () => (await rowOf(image)) === undefined, 5000, `image ${image.key} removed`);
  expect(await status(image.url)).toBe(404);
  expect(await status(image.thumbnailUrl)).toBe(404);
  expect(filesOf(image)).toEqual([false, false]);
}

/** Still whole: served in both sizes, after a purge pass has had its chance. */
async function expectKept(image: Uploaded): Promise<void> {
  await media.app.get(ImagePurger).run();
  expect(await status(image.url)).toBe(200);
  expect(await status(image.thumbnailUrl)).toBe(200);
  expect(filesOf(image)).toEqual([true, true]);
}

const created = (id: number, userId: number, urls: string[], version = 1) =>
  testEvent('item.created', version, itemSnapshot(id, userId, urls));
const updated = (id: number, userId: number, urls: string[], version: number) =>
  testEvent('item.updated', version, itemSnapshot(id, userId, urls));
const deleted = (id: number, userId: number, urls: string[], version: number) =>
  testEvent('item.deleted', version, { id, user_id: userId, garage_sale_id: null, image_urls: urls });

beforeAll(async () => {
  testEnv = await serviceTestEnv({ IMAGE_PURGE_INTERVAL_MS: '50' });
  media = await startService(mediaService, { env: testEnv.env });
  tokenOf = await testTokens(testEnv.env.DATA_DIR!);
  publisher = await testBus(testEnv.env);
  await serviceQueueReady(testEnv.env, 'media');
});

afterAll(async () => {
  await publisher?.close();
  await media?.close();
  await testEnv?.cleanup();
});

describe('images of deleted items', () => {
  it('deletes an image, both sizes, once the deleted item was its last user; keeps one another item still uses', async () => {
    const [only, shared] = [await uploadAs(SELLER), await uploadAs(SELLER)];
    await deliver(created(101, SELLER, [only.url, shared.url]), created(102, SELLER, [shared.thumbnailUrl]));

    await deliver(deleted(101, SELLER, [only.url, shared.url], 2));
    await expectRemoved(only);
    await expectKept(shared);

    await deliver(deleted(102, SELLER, [shared.thumbnailUrl], 2));
    await expectRemoved(shared);
  });

  it('frees an image an update drops from its item, and keeps the others', async () => {
    const [dropped, kept] = [await uploadAs(SELLER), await uploadAs(SELLER)];
    await deliver(created(301, SELLER, [dropped.url, kept.url]));
    await deliver(updated(301, SELLER, [kept.url], 2));
    await expectRemoved(dropped);
    await expectKept(kept);
  });

  it('never deletes an image that is not attached yet, nor one uploaded by someone else', async () => {
    const pending = await uploadAs(SELLER);
    // Another user lists the seller's image in an item, then deletes it: not theirs to free.
    await deliver(created(201, OTHER, [pending.url]));
    await deliver(deleted(201, OTHER, [pending.url], 2));
    // The seller deletes an item that never had it.
    await deliver(created(202, SELLER, []));
    await deliver(deleted(202, SELLER, [], 2));
    await expectKept(pending);
  });

  it('recognises its absolute URLs and ignores other sites', async () => {
    const image = await uploadAs(SELLER);
    const absolute = `http://localhost:3000${image.url}`;
    await deliver(created(601, SELLER, [absolute, 'https://example.com/photos/lamp.jpg']));
    await deliver(deleted(601, SELLER, [absolute, 'https://example.com/photos/lamp.jpg'], 2));
    await expectRemoved(image);
  });
});

describe('images never attached to an item', () => {
  const age = (images: Uploaded[], hours: number) =>
    media.dataSource.query(`UPDATE images SET created_at = now() - make_interval(hours => $2) WHERE key = ANY($1::text[])`, [
      images.map((image) => image.key),
      hours,
    ]);

  it('removes an upload no item took up within a day, and keeps a younger one and one in use', async () => {
    const [abandoned, young, attached] = [await uploadAs(SELLER), await uploadAs(SELLER), await uploadAs(OTHER)];
    await deliver(created(801, OTHER, [attached.url]));
    await age([abandoned, attached], 25);
    await age([young], 23);
    expect(await media.app.get(UnattachedImageSweep).run()).toBe(1);
    await expectRemoved(abandoned);
    await expectKept(young);
    await expectKept(attached);
    expect(await media.app.get(UnattachedImageSweep).run()).toBe(0);
  });
});

describe('the item → image projection', () => {
  const projection = async (itemId: number) => ({
    keys: (await media.dataSource.query(`SELECT image_key FROM item_images WHERE item_id = $1 ORDER BY image_key`, [itemId])).map(
      (row: { image_key: string }) => row.image_key,
    ),
    state: (await media.dataSource.query(`SELECT version, deleted FROM item_versions WHERE item_id = $1`, [itemId]))[0],
  });

  it('ignores an update older than what it has applied', async () => {
    const [first, second] = [await uploadAs(SELLER), await uploadAs(SELLER)];
    await deliver(created(401, SELLER, [first.url]));
    await deliver(updated(401, SELLER, [second.url], 3));
    await deliver(updated(401, SELLER, [first.url, second.url], 2));
    expect(await projection(401)).toEqual({ keys: [second.key], state: { version: 3, deleted: false } });
    await expectRemoved(first);
  });

  it('keeps a tombstone, so a create that arrives after the deletion does not bring the item back', async () => {
    const image = await uploadAs(SELLER);
    await deliver(deleted(501, SELLER, [], 2));
    await deliver(created(501, SELLER, [image.url]));
    expect(await projection(501)).toEqual({ keys: [], state: { version: 2, deleted: true } });
    await expectKept(image);
  });

  it('applies a message once, however often it is delivered', async () => {
    const image = await uploadAs(SELLER);
    const event = created(701, SELLER, [image.url]);
    await deliver(event);
    await publisher.publishEnvelopes([event, event]);
    const inbox = new Inbox(media.dataSource);
    expect(
      await inbox.apply(
        media.consumers.find((handler) => handler.id === 'media.item-references')!,
        event,
      ),
    ).toBe(false);
    expect(await projection(701)).toEqual({ keys: [image.key], state: { version: 1, deleted: false } });
    const [row] = await media.dataSource.query(`SELECT count(*)::int AS n FROM inbox WHERE message_id = $1`, [event.id]);
    expect(row.n).toBe(1);
  });
});

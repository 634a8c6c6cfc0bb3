import {
  approximateAddress,
  approximateSalePoint,
  roundMiles,
  type CommunitySaleEntryStatus,
  type PaymentMethod,
  type Sale,
  type SaleSnapshot,
  type StoredLiveState,
  type UpcomingMarkdown,
} from '@garage/contracts';
import { SaleDayReader } from '../live-status/sale-day.js';

/**
 * A row of `sales` as the repository reads it: dates `YYYY-MM-DD`, times `HH:MM` (formatted in SQL,
 * so the driver's Date conversion and the process time zone never touch them).
 */
export type SaleRecord = Omit<
  SaleSnapshot,
  | 'latitude'
  | 'longitude'
  | `community_sale_${string}`
  | `live_state${string}`
  | 'payment_methods'
  | 'address_visible_from'
  | 'messages_enabled'
> & {
  messages_enabled: boolean;
  payment_methods: PaymentMethod[];
  /** `YYYY-MM-DDTHH:MM` on the sale's clock, or null: members see the address now. */
  address_visible_from: string | null;
  /** That moment, read in the sale's zone when it was written. */
  address_visible_at: Date | null;
  latitude: number;
  longitude: number;
  version: number;
  community_sale_id: number | null;
  community_sale_status: CommunitySaleEntryStatus | null;
  community_sale_number: number | null;
  live_state: StoredLiveState | null;
  live_state_at: Date | null;
  /** The host's last live-status word (live_state_at also moves when reports make it likely_over). */
  host_said_at: Date | null;
  confirmed_on: string | null;
  confirmed_at: Date | null;
  confirmed_count: number;
};

/** A sale with what the projections add: the seller's details and the item count. */
export interface SaleView extends SaleRecord {
  item_count: number;
  /** The main photos of a few of its items (not sold), oldest item first. */
  photo_urls: string[];
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  rating: number | null;
  /** Miles from the browse location, when there was one. */
  distance?: number;
  /** The next scheduled markdown, or null (`UPCOMING_MARKDOWN_COLUMN`). */
  upcoming_markdown: UpcomingMarkdown;
}

/** Who reads a sale, and when: what they may see of its place depends on both. */
export interface SaleReader {
  signedIn: boolean;
  /** The reader's user id; null for a visitor, or for an answer shared by many members. */
  userId: number | null;
  now: Date;
}

/** A reader from the request's viewer. */
export function readerOf(viewer: { userId: number } | null, now: Date): SaleReader {
  return { signedIn: viewer !== null, userId: viewer?.userId ?? null, now };
}

/**
 * The API's sale object (contract, "Sales"). A visitor never receives the address, ZIP or the
 * seller's name, phone and rating: the server removes them, not the SPA. Before the host's
 * `address_visible_from`, a member who is not the host gets the street without the number, and
 * everyone but the host a pin within a block (`approximateSalePoint`); the host gets everything.
 * Its live state is read at `reader.now`, or by `day`, a reader shared by a list (one clock
 * reading per zone).
 */
export function toSale(view: SaleView, reader: SaleReader, day: SaleDayReader = new SaleDayReader(reader.now)): Sale {
  const signedIn = reader.signedIn;
  // Visitors get the moved pin too, so everyone but the host sees one pin for the sale.
  const hidden = reader.userId !== view.user_id && addressHidden(view, reader.now);
  const point = hidden ? approximateSalePoint(view.id, view.latitude, view.longitude) : view;
  const sale: Sale = {
    id: view.id,
    user_id: view.user_id,
    title: view.title,
    description: view.description,
    address: !signedIn ? null : hidden ? approximateAddress(view.address) : view.address,
    city: view.city,
    state: view.state,
    zip_code: signedIn ? view.zip_code : null,
    start_date: view.start_date,
    end_date: view.end_date,
    start_time: view.start_time,
    end_time: view.end_time,
    status: view.status,
    latitude: point.latitude,
    longitude: point.longitude,
    item_count: view.item_count,
    photo_urls: view.photo_urls,
    first_name: signedIn ? view.first_name : null,
    last_name: signedIn ? view.last_name : null,
    phone: signedIn ? view.phone : null,
    rating: signedIn ? view.rating : null,
    payment_methods: view.payment_methods ?? [],
    address_visible_from: view.address_visible_from ?? null,
    messages_enabled: view.messages_enabled ?? true,
    upcoming_markdown: view.upcoming_markdown ?? null,
    ...day.read(view),
  };
  if (view.distance !== undefined) sale.distance = roundMiles(view.distance);
  return sale;
}

/** Whether the host's chosen moment is still ahead at `now` (not set: shown). */
export function addressHidden(record: Pick<SaleRecord, 'address_visible_at'>, now: Date): boolean {
  return record.address_visible_at !== null && new Date(record.address_visible_at).getTime() > now.getTime();
}

/**
 * What other services keep of a sale (the items service's place and time of each sale). Its
 * community sale fields are there while it is in one, and as nulls on the event of leaving one
 * (`withCommunitySale`); absent means in none.
 */
export function toSnapshot(record: SaleRecord, withCommunitySale = record.community_sale_id !== null): SaleSnapshot {
  const snapshot: SaleSnapshot = {
    id: record.id,
    user_id: record.user_id,
    title: record.title,
    description: record.description,
    address: record.address,
    city: record.city,
    state: record.state,
    zip_code: record.zip_code,
    start_date: record.start_date,
    end_date: record.end_date,
    start_time: record.start_time,
    end_time: record.end_time,
    status: record.status,
    latitude: record.latitude,
    longitude: record.longitude,
    live_state: record.live_state,
    live_state_at: record.live_state_at?.toISOString() ?? null,
    payment_methods: record.payment_methods,
    address_visible_from: record.address_visible_from,
    messages_enabled: record.messages_enabled,
  };
  if (withCommunitySale) {
    snapshot.community_sale_id = record.community_sale_id;
    snapshot.community_sale_status = record.community_sale_status;
    snapshot.community_sale_number = record.community_sale_number;
  }
  return snapshot;
}

import { roundMiles, type CommunitySaleEntryStatus, type Sale, type SaleSnapshot, type StoredLiveState } from '@garage/contracts';
import { SaleDayReader } from '../live-status/sale-day.js';

/**
 * A row of `sales` as the repository reads it: dates `YYYY-MM-DD`, times `HH:MM` (formatted in SQL,
 * so the driver's Date conversion and the process time zone never touch them).
 */
export type SaleRecord = Omit<SaleSnapshot, 'latitude' | 'longitude' | `community_sale_${string}` | `live_state${string}`> & {
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
}

/**
 * The API's sale object (contract, "Sales"). A visitor never receives the address, ZIP or the
 * seller's name, phone and rating: the server removes them, not the SPA. Its live state is read at
 * `at`, an instant or a reader shared by a list (one clock reading per zone).
 */
export function toSale(view: SaleView, signedIn: boolean, at: Date | SaleDayReader): Sale {
  const sale: Sale = {
    id: view.id,
    user_id: view.user_id,
    title: view.title,
    description: view.description,
    address: signedIn ? view.address : null,
    city: view.city,
    state: view.state,
    zip_code: signedIn ? view.zip_code : null,
    start_date: view.start_date,
    end_date: view.end_date,
    start_time: view.start_time,
    end_time: view.end_time,
    status: view.status,
    latitude: view.latitude,
    longitude: view.longitude,
    item_count: view.item_count,
    photo_urls: view.photo_urls,
    first_name: signedIn ? view.first_name : null,
    last_name: signedIn ? view.last_name : null,
    phone: signedIn ? view.phone : null,
    rating: signedIn ? view.rating : null,
    ...(at instanceof SaleDayReader ? at : new SaleDayReader(at)).read(view),
  };
  if (view.distance !== undefined) sale.distance = roundMiles(view.distance);
  return sale;
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
  };
  if (withCommunitySale) {
    snapshot.community_sale_id = record.community_sale_id;
    snapshot.community_sale_status = record.community_sale_status;
    snapshot.community_sale_number = record.community_sale_number;
  }
  return snapshot;
}

import {
  addressVisibleAt,
  approximateAddress,
  approximateSalePoint,
  fromCents,
  SaleDays,
  type Category,
  type Condition,
  type Item,
  type ItemSnapshot,
  type NestedSale,
  type SaleDay,
  type SaleStatus,
  type StoredLiveState,
} from '@garage/contracts';
import { timeZoneAt, type Viewer } from '@garage/service-kit';

/**
 * An item as read from the database, joined with its sale and that sale's host from the
 * projections. Every read of items selects `ITEM_COLUMNS` from `ITEM_FROM`, so every answer has
 * the same shape.
 */
export interface ItemRow {
  id: number;
  user_id: number;
  title: string;
  description: string | null;
  category: Category;
  price_cents: number;
  original_price_cents: number | null;
  condition: Condition;
  dimensions: string | null;
  weight: string | null;
  brand: string | null;
  image_urls: string[];
  is_reserved: boolean;
  is_sold: boolean;
  garage_sale_id: number | null;
  created_at: Date;
  version: number;
  /** The host's offer prices (null: none); only ever shown to the item's owner. */
  min_offer_price_cents: number | null;
  auto_accept_price_cents: number | null;
  s_id: number | null;
  s_title: string | null;
  s_user_id: number | null;
  s_address: string | null;
  s_city: string | null;
  s_state: string | null;
  s_zip_code: string | null;
  s_start_date: string | null;
  s_end_date: string | null;
  s_start_time: string | null;
  s_end_time: string | null;
  s_description: string | null;
  s_status: SaleStatus | null;
  s_latitude: number | null;
  s_longitude: number | null;
  s_payment_methods: string[] | null;
  s_address_visible_from: string | null;
  s_live_state: StoredLiveState | null;
  s_live_state_at: Date | null;
  u_first_name: string | null;
  u_last_name: string | null;
  u_phone: string | null;
  u_rating: string | null;
}

/** The item's and its sale's columns of an `ItemRow`. */
export const ITEM_AND_SALE_COLUMNS = `
  i.id, i.user_id, i.title, i.description, i.category, i.price_cents, i.original_price_cents, i.condition,
  i.dimensions, i.weight, i.brand, i.image_urls, i.is_reserved, i.is_sold, i.garage_sale_id, i.created_at, i.version,
  i.min_offer_price_cents, i.auto_accept_price_cents,
  s.id AS s_id, s.title AS s_title, s.user_id AS s_user_id, s.address AS s_address, s.city AS s_city,
  s.state AS s_state, s.zip_code AS s_zip_code,
  to_char(s.start_date, 'YYYY-MM-DD') AS s_start_date, to_char(s.end_date, 'YYYY-MM-DD') AS s_end_date,
  to_char(s.start_time, 'HH24:MI') AS s_start_time, to_char(s.end_time, 'HH24:MI') AS s_end_time,
  s.description AS s_description, s.status AS s_status, s.latitude AS s_latitude, s.longitude AS s_longitude,
  s.payment_methods AS s_payment_methods, s.address_visible_from AS s_address_visible_from,
  s.live_state AS s_live_state, s.live_state_at AS s_live_state_at`;

/** The seller's columns, read from `users u`. */
const SELLER_COLUMNS = `u.first_name AS u_first_name, u.last_name AS u_last_name, u.phone AS u_phone, u.rating AS u_rating`;

/**
 * The seller's columns left empty, for a read whose rows only a visitor sees: a visitor is never
 * shown the seller's name, phone or rating, so the seller is not even read.
 */
export const NO_SELLER_COLUMNS = `NULL::text AS u_first_name, NULL::text AS u_last_name, NULL::text AS u_phone, NULL::text AS u_rating`;

export const ITEM_COLUMNS = `${ITEM_AND_SALE_COLUMNS},
  ${SELLER_COLUMNS}`;

export const ITEM_FROM = `
  items i
  LEFT JOIN sales s ON s.id = i.garage_sale_id AND NOT s.deleted
  LEFT JOIN users u ON u.id = s.user_id`;

/**
 * Who reads an item's sale, and when. Before the address shows only its host sees the place whole;
 * an answer many members share (search) is read as by none of them (`shared`).
 */
export interface SaleAudience {
  viewer: Viewer;
  now: Date;
  shared?: boolean;
  /** The sales' days read at `now`: one per answer, so each zone's clock is read once for all its rows. */
  days?: SaleDays;
}

/**
 * The nested sale of an item. A visitor never receives the sale's address, ZIP, or the host's
 * name, phone and rating (contract, "What a visitor may see"): they are removed here, on the server.
 * Before the host's `address_visible_from` (on the sale's clock, in its zone), a member who is not
 * the host gets the street without the number, and everyone but the host a pin within a block, the
 * same pin the sales service gives (`approximateSalePoint`).
 */
export function toNestedSale(row: ItemRow, audience: SaleAudience): NestedSale | null {
  if (row.s_id === null) return null;
  const viewer = audience.viewer;
  const signedIn = viewer !== null;
  const reader = audience.shared ? null : (viewer?.userId ?? null);
  const hidden = reader !== row.s_user_id && addressHiddenAt(row, audience.now);
  const point =
    hidden && row.s_latitude !== null && row.s_longitude !== null
      ? approximateSalePoint(row.s_id, row.s_latitude, row.s_longitude)
      : { latitude: row.s_latitude, longitude: row.s_longitude };
  return {
    id: row.s_id,
    title: row.s_title ?? '',
    user_id: row.s_user_id ?? 0,
    address: !signedIn ? null : hidden ? approximateAddress(row.s_address) : row.s_address,
    city: row.s_city ?? '',
    state: row.s_state ?? '',
    zip_code: signedIn ? row.s_zip_code : null,
    first_name: signedIn ? row.u_first_name : null,
    last_name: signedIn ? row.u_last_name : null,
    rating: signedIn && row.u_rating !== null ? Number(row.u_rating) : null,
    phone: signedIn ? row.u_phone : null,
    start_date: row.s_start_date ?? '',
    end_date: row.s_end_date ?? '',
    start_time: row.s_start_time ?? '',
    end_time: row.s_end_time ?? '',
    description: row.s_description,
    status: row.s_status ?? 'active',
    latitude: point.latitude,
    longitude: point.longitude,
    payment_methods: row.s_payment_methods ?? [],
    address_visible_from: row.s_address_visible_from,
    ...liveStateOf(row, audience),
  };
}

/**
 * The sale's live state as the sales service reads it (the one shared reading, `SaleDays`): what
 * was said today on the sale's clock, or `ended` past its hours on its day.
 */
function liveStateOf(row: ItemRow, audience: SaleAudience): Pick<NestedSale, 'live_state' | 'live_state_at'> {
  const day = saleDayOf(row, audience.days ?? new SaleDays(audience.now));
  if (day === null) return { live_state: null, live_state_at: null };
  return day.days.liveState(
    {
      start_date: row.s_start_date!,
      end_date: row.s_end_date!,
      start_time: row.s_start_time!,
      end_time: row.s_end_time!,
      status: row.s_status ?? 'active',
      live_state: row.s_live_state,
      live_state_at: row.s_live_state_at,
    },
    day.day,
  );
}

/** Where the row's sale's day stands at the reader's instant; null for a sale without place, days or hours. */
export function saleDayOf(
  row: Pick<ItemRow, 's_start_date' | 's_end_date' | 's_start_time' | 's_end_time' | 's_latitude' | 's_longitude'>,
  days: SaleDays,
): { days: SaleDays; day: SaleDay } | null {
  if (!row.s_start_date || !row.s_end_date || !row.s_start_time || !row.s_end_time || row.s_latitude === null || row.s_longitude === null) {
    return null;
  }
  const sale = { start_date: row.s_start_date, end_date: row.s_end_date, start_time: row.s_start_time, end_time: row.s_end_time };
  return { days, day: days.dayOf(sale, timeZoneAt(row.s_latitude, row.s_longitude)) };
}

/** When the sale's address shows, as an instant (its zone from its place); null: it shows now. */
export function addressVisibleAtOf(row: Pick<ItemRow, 's_address_visible_from' | 's_latitude' | 's_longitude'>): Date | null {
  if (!row.s_address_visible_from || row.s_latitude === null || row.s_longitude === null) return null;
  return addressVisibleAt(row.s_address_visible_from, timeZoneAt(row.s_latitude, row.s_longitude));
}

function addressHiddenAt(row: ItemRow, now: Date): boolean {
  const at = addressVisibleAtOf(row);
  return at !== null && at.getTime() > now.getTime();
}

/**
 * The API's item object (contract: snake_case; money as dollars). The host's offer prices are added
 * only for the owner reading an answer made for them alone: never in a shared answer (search), never
 * for anyone else.
 */
export function toItem(row: ItemRow, audience: SaleAudience): Item {
  const sale = toNestedSale(row, audience);
  const owner = !audience.shared && audience.viewer !== null && audience.viewer.userId === row.user_id;
  return {
    ...toItemFields(row, sale),
    ...(owner ? offerPricesOf(row) : {}),
  };
}

function offerPricesOf(row: ItemRow): Pick<Item, 'min_offer_price' | 'auto_accept_price'> {
  const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : fromCents(cents));
  return { min_offer_price: dollars(row.min_offer_price_cents), auto_accept_price: dollars(row.auto_accept_price_cents) };
}

function toItemFields(row: ItemRow, sale: NestedSale | null): Item {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    description: row.description,
    category: row.category,
    price: fromCents(row.price_cents),
    original_price: row.original_price_cents === null ? null : fromCents(row.original_price_cents),
    condition: row.condition,
    dimensions: row.dimensions,
    weight: row.weight,
    brand: row.brand,
    image_urls: row.image_urls,
    is_reserved: row.is_reserved,
    is_sold: row.is_sold,
    garage_sale_id: row.garage_sale_id,
    created_at: row.created_at.toISOString(),
    sale_title: sale?.title ?? null,
    sale,
  };
}

/** What other services keep of an item (the snapshot its events carry). */
export function toSnapshot(
  row: Pick<
    ItemRow,
    | 'id'
    | 'user_id'
    | 'garage_sale_id'
    | 'title'
    | 'description'
    | 'category'
    | 'price_cents'
    | 'original_price_cents'
    | 'condition'
    | 'brand'
    | 'image_urls'
    | 'is_reserved'
    | 'is_sold'
  >,
): ItemSnapshot {
  return {
    id: row.id,
    user_id: row.user_id,
    garage_sale_id: row.garage_sale_id,
    title: row.title,
    description: row.description,
    category: row.category,
    price: fromCents(row.price_cents),
    original_price: row.original_price_cents === null ? null : fromCents(row.original_price_cents),
    condition: row.condition,
    brand: row.brand,
    image_urls: row.image_urls,
    is_reserved: row.is_reserved,
    is_sold: row.is_sold,
  };
}

import {
  roundMiles,
  type CommunitySale,
  type CommunitySaleDay,
  type CommunitySaleSnapshot,
  type CommunitySaleStatus,
} from '@garage/contracts';

/** A row of `community_sales` as the repository reads it (dates `YYYY-MM-DD`, formatted in SQL). */
export interface CommunitySaleRecord {
  id: number;
  organizer_id: number;
  name: string;
  description: string | null;
  latitude: number;
  longitude: number;
  radius_miles: number | null;
  zip_codes: string[];
  days: CommunitySaleDay[];
  rain_date: string | null;
  cover_image_url: string | null;
  requires_approval: boolean;
  status: CommunitySaleStatus;
  next_number: number;
  version: number;
}

/** With what the list and the page add: approved sales, and miles from the list's place. */
export interface CommunitySaleView extends CommunitySaleRecord {
  sale_count: number;
  distance?: number | null;
}

export const COMMUNITY_SALE_COLUMNS = `c.id, c.organizer_id, c.name, c.description, c.latitude, c.longitude, c.radius_miles,
  c.zip_codes, c.days, to_char(c.rain_date, 'YYYY-MM-DD') AS rain_date, c.cover_image_url, c.requires_approval,
  c.status, c.next_number, c.version`;

export const COMMUNITY_SALE_VIEW_COLUMNS = `${COMMUNITY_SALE_COLUMNS},
  (SELECT count(*)::int FROM sales s WHERE s.community_sale_id = c.id AND s.community_sale_status = 'approved') AS sale_count`;

export function toCommunitySaleSnapshot(record: CommunitySaleRecord): CommunitySaleSnapshot {
  return {
    id: record.id,
    organizerId: record.organizer_id,
    name: record.name,
    description: record.description,
    latitude: record.latitude,
    longitude: record.longitude,
    radiusMiles: record.radius_miles,
    zipCodes: record.zip_codes,
    // Stored as jsonb, which reorders keys: answered in the contract's order.
    days: record.days.map((day) => ({ date: day.date, startTime: day.startTime, endTime: day.endTime })),
    rainDate: record.rain_date,
    coverImageUrl: record.cover_image_url,
    requiresApproval: record.requires_approval,
    status: record.status,
  };
}

/** The API's community sale object: nothing in it is private (the organiser is an id, as a sale's host is). */
export function toCommunitySale(view: CommunitySaleView): CommunitySale {
  const communitySale: CommunitySale = { ...toCommunitySaleSnapshot(view), saleCount: view.sale_count };
  if (view.distance !== undefined && view.distance !== null) communitySale.distance = roundMiles(view.distance);
  return communitySale;
}

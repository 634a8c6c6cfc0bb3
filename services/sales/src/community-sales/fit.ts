import { greatCircleMiles } from '@garage/contracts';
import type { SaleRecord } from '../sales/sale.row.js';
import type { CommunitySaleRecord } from './community-sale.row.js';

type Area = Pick<CommunitySaleRecord, 'latitude' | 'longitude' | 'radius_miles' | 'zip_codes'>;

/**
 * Why a sale cannot be in a community sale, or null when it fits: its place inside the area (within
 * the radius of the centre, or in one of its ZIPs; a sale is located by its ZIP's centre) and its
 * dates overlapping one of the days.
 */
export function misfit(
  sale: Pick<SaleRecord, 'latitude' | 'longitude' | 'zip_code' | 'start_date' | 'end_date'>,
  area: Area & Pick<CommunitySaleRecord, 'days'>,
): string | null {
  if (!insideArea(sale, area)) return 'This sale is not inside the community sale’s area';
  const overlaps = area.days.some((day) => sale.start_date <= day.date && day.date <= sale.end_date);
  if (!overlaps) return 'This sale’s dates do not overlap the community sale’s days';
  return null;
}

function insideArea(sale: Pick<SaleRecord, 'latitude' | 'longitude' | 'zip_code'>, area: Area): boolean {
  if (area.radius_miles !== null) {
    return greatCircleMiles(area, sale) <= area.radius_miles;
  }
  return area.zip_codes.includes(sale.zip_code);
}

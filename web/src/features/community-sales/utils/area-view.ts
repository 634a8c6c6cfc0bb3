import type { CommunitySale } from '@garage/contracts';
import { greatCircleMiles } from '@garage/contracts/geo';

/** Metres per pixel of the tiles at zoom 0 on the equator (Web Mercator, 256-pixel tiles). */
const METRES_PER_PIXEL = 156_543.03;
const METRES_PER_MILE = 1609.344;
/** How far from the centre the area should reach on the map: the phone frame's half height. */
const HALF_FRAME = 200;

/**
 * The map's view over a community sale: its centre, zoomed so its radius (or, for a ZIP-list
 * area, the farthest of its sales) fits the frame.
 */
export function areaView(
  communitySale: Pick<CommunitySale, 'latitude' | 'longitude' | 'radiusMiles'>,
  sales: ReadonlyArray<{ latitude: number; longitude: number }>,
): { center: { latitude: number; longitude: number }; zoom: number } {
  const center = { latitude: communitySale.latitude, longitude: communitySale.longitude };
  const reachMiles = communitySale.radiusMiles ?? Math.max(1, ...sales.map((sale) => greatCircleMiles(center, sale)));
  const cos = Math.cos((center.latitude * Math.PI) / 180);
  const zoom = Math.log2((HALF_FRAME * METRES_PER_PIXEL * cos) / (reachMiles * METRES_PER_MILE));
  return { center, zoom: Math.max(3, Math.min(16, Math.floor(zoom))) };
}

import { addressShown, approximateAddress, approximateSalePoint } from '@garage/contracts';
import { timeZoneAt } from '@garage/service-kit';

/** What deciding a sale's place needs of it. */
interface PlacedSale {
  id: number;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  address_visible_from?: string | null;
}

/**
 * A sale as a member who is not its host may see it at `now`: until the host lets the address show
 * (on the sale's clock, in its zone), its street without the number and the pin within a block that
 * every service gives (`approximateSalePoint`). Route plans, favourites and calendar files use it,
 * so none leads to the door before the host wants the sale found.
 */
export function plannablePlace<T extends PlacedSale>(sale: T, now: Date): T {
  if (!sale.address_visible_from || sale.latitude === null || sale.longitude === null) return sale;
  if (addressShown(sale.address_visible_from, timeZoneAt(sale.latitude, sale.longitude), now)) return sale;
  const point = approximateSalePoint(sale.id, sale.latitude, sale.longitude);
  return { ...sale, address: approximateAddress(sale.address) ?? '', latitude: point.latitude, longitude: point.longitude };
}

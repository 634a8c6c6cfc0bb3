/**
 * Display status of an item (spec section 4): Sold wins over Reserved, Reserved over In Sale,
 * and an item that is in none of those is Available. The item detail page knows no "In Sale".
 */

export type ItemStatus = 'sold' | 'reserved' | 'in_sale' | 'available';

export interface ItemStatusFields {
  is_sold: boolean;
  is_reserved: boolean;
  garage_sale_id: number | null;
}

export function itemStatus(item: ItemStatusFields, { withSale = true }: { withSale?: boolean } = {}): ItemStatus {
  if (item.is_sold) return 'sold';
  if (item.is_reserved) return 'reserved';
  if (withSale && item.garage_sale_id !== null) return 'in_sale';
  return 'available';
}

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  sold: 'Sold',
  reserved: 'Reserved',
  in_sale: 'In Sale',
  available: 'Available',
};

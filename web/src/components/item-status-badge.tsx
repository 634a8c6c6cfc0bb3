import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ITEM_STATUS_LABELS, itemStatus, type ItemStatus, type ItemStatusFields } from '@/lib/item-status';

const tones: Record<ItemStatus, BadgeTone> = { sold: 'red', reserved: 'amber', in_sale: 'blue', available: 'green' };

export function ItemStatusBadge({ item, withSale = true }: { item: ItemStatusFields; withSale?: boolean }) {
  const status = itemStatus(item, { withSale });
  return <Badge tone={tones[status]}>{ITEM_STATUS_LABELS[status]}</Badge>;
}

import type { SaleStatus } from '@garage/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<SaleStatus, BadgeTone> = { active: 'green', completed: 'gray', cancelled: 'red' };
const labels: Record<SaleStatus, string> = { active: 'Active', completed: 'Completed', cancelled: 'Cancelled' };

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return <Badge tone={tones[status] ?? 'gray'}>{labels[status] ?? status}</Badge>;
}

import type { ReservationStatus } from '@garage/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const labels: Record<ReservationStatus, { text: string; tone: BadgeTone }> = {
  pending: { text: 'Awaiting payment', tone: 'amber' },
  paid: { text: 'Paid — ready for pickup', tone: 'green' },
  collected: { text: 'Collected', tone: 'blue' },
  lapsed: { text: 'Hold ended', tone: 'gray' },
  cancelled: { text: 'Cancelled', tone: 'gray' },
  refunded: { text: 'Refunded', tone: 'purple' },
};

export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  const label = labels[status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { useReserveItem } from '../api/reserve-item';

interface ReserveActionProps {
  item: { id: number; title: string; user_id: number; is_reserved: boolean; is_sold: boolean };
  className?: string;
}

/**
 * The item's call to action, on search results and the item page alike: "Reserve Item" for a
 * Premium member (not on their own item), "Upgrade to Reserve" for everyone else. The "Reserved"
 * confirmation replaces the button where it was tapped, so it is in view, with the way to pay.
 */
export function ReserveAction({ item, className }: ReserveActionProps) {
  const user = useUser();
  const reserve = useReserveItem();
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Taller than the button it replaces: kept whole in view (jsdom has no scrolling).
    if (reserve.isSuccess) confirmation.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reserve.isSuccess]);

  if (reserve.isSuccess) {
    return (
      <div ref={confirmation} className={className}>
        <Alert tone="success" title={`Reserved: ${item.title}`}>
          It is held for you while you pay. <Link to="/my-reservations">Pay now in My Reservations</Link>
        </Alert>
      </div>
    );
  }
  // Nothing to offer on a sold or held item (its badge says so), nor on one's own.
  if (item.is_sold || item.is_reserved || (user && user.id === item.user_id)) return null;
  if (!user?.isPremium) {
    return (
      <LinkButton to="/subscribe" variant="secondary" className={cn('w-full', className)}>
        Upgrade to Reserve
      </LinkButton>
    );
  }
  return (
    <Button variant="success" className={cn('w-full', className)} disabled={reserve.isPending} onClick={() => reserve.mutate(item.id)}>
      {reserve.isPending ? 'Reserving...' : 'Reserve Item'}
    </Button>
  );
}

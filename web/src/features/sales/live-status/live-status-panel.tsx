import type { Sale } from '@garage/contracts';
import { HostLiveStatus } from './host-live-status';
import { confirmedText, saleToday, useNow } from './live-state';
import { LiveStateBadge } from '@/components/live-state-badge';
import { StillGoing } from './still-going';

/**
 * The sale page's live status on a day of the sale: its state and confirmations for everyone, the
 * host's buttons, or "Still going?" for a signed-in shopper during its hours.
 */
export function LiveStatusPanel({ sale, isOwner, signedIn }: { sale: Sale; isOwner: boolean; signedIn: boolean }) {
  const now = useNow();
  const today = saleToday(sale, new Date(now));
  const confirmed = confirmedText(sale, now);
  if (!today.onDay && !sale.live_state) return null;
  const ended = sale.live_state === 'ended';
  return (
    <section aria-labelledby="live-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="live-heading" className="text-lg font-semibold text-gray-900">
          Today
        </h2>
        <LiveStateBadge sale={sale} />
      </div>
      {confirmed && (
        <p className="mt-1 text-sm text-gray-700" data-testid="confirmed">
          {confirmed}
        </p>
      )}
      <div className="mt-3">
        {isOwner && today.onDay && !ended && <HostLiveStatus sale={sale} />}
        {!isOwner && signedIn && today.duringHours && !ended && <StillGoing sale={sale} />}
        {!isOwner && !signedIn && today.duringHours && !ended && (
          <p className="text-sm text-gray-700">Sign in to tell other shoppers whether it is still going.</p>
        )}
      </div>
    </section>
  );
}

import type { Sale } from '@garage/contracts';

/** "Fri, Nov 29, 6:00 PM": the host's moment as written, on the sale's own clock. */
function wallClock(value: string): string {
  // Read as UTC and shown as UTC, so the browser's own zone never moves the sale's clock.
  return new Date(`${value}:00Z`).toLocaleString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/**
 * Under the address on a sale's page while the host keeps the house number back: the host is
 * reminded what shoppers see, a shopper told when the number shows. The server decides what is
 * sent; this only says it. Without the sale's zone it keeps the note until the moment has passed
 * in Hawaii too (UTC-10, the farthest US zone), so it may outlive the moment by hours, never the
 * other way round.
 */
export function AddressTimingNote({ sale, isOwner }: { sale: Sale; isOwner: boolean }) {
  const from = sale.address_visible_from;
  if (!from || Date.parse(`${from}:00Z`) + 10 * 3_600_000 < Date.now()) return null;
  return (
    <p className="mt-2 text-sm text-gray-700" data-testid="address-timing">
      {isOwner
        ? `Shoppers see your street without the house number until ${wallClock(from)} (the sale's local time).`
        : `The house number shows from ${wallClock(from)} (the sale's local time).`}
    </p>
  );
}

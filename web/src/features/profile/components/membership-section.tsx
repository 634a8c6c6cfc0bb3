import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Membership, Receipt } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, formatTimestampDate } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useMembership, useMembershipAction, useReceipts } from '../api/membership';

const price = (cents: number) => formatPrice(cents / 100);

/** The sentence under "Membership": when it renews, or when it ends or ended, and why. */
function statusText(membership: Membership): string {
  const ends = formatTimestampDate(membership.endsAt);
  switch (membership.status) {
    case 'active':
      return `Renews on ${formatTimestampDate(membership.renewsAt)} for ${price(membership.priceCents)}/year.`;
    case 'cancelled':
      return `Ends on ${ends}. Your membership will not renew; you stay premium until then.`;
    case 'past_due':
      return `Your renewal payment failed. Premium ends on ${ends}.`;
    case 'refunded':
      return `Refunded. Premium ended on ${ends}.`;
    case 'ended':
      return `Ended on ${ends}.`;
    default:
      return '';
  }
}

type Pending = 'cancel' | 'refund' | null;

/**
 * Profile Settings' membership card: renews on / ends on, "Cancel membership", "Resume membership",
 * and "Cancel and refund" within the 30-day money-back guarantee; then the receipts of every
 * charge and refund.
 */
export function MembershipSection() {
  const membership = useMembership();
  const cancel = useMembershipAction('cancel');
  const resume = useMembershipAction('resume');
  const refund = useMembershipAction('refund');
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const data = membership.data;
  if (!data || data.status === 'none') return null;
  const busy = cancel.isPending || resume.isPending || refund.isPending;
  const failed = (error: unknown) => setNotice({ tone: 'error', text: errorMessage(error, 'Something went wrong. Try again.') });

  const confirm = () => {
    const action = pending === 'refund' ? refund : cancel;
    action.mutate(undefined, {
      onSuccess: (next) => {
        setPending(null);
        setNotice({
          tone: 'success',
          text:
            pending === 'refund'
              ? `Refunded ${price(data.refund.amountCents ?? data.priceCents)} in full. Premium has ended.`
              : `Membership cancelled. You stay premium until ${formatTimestampDate(next.endsAt)}.`,
        });
      },
      onError: (error) => {
        setPending(null);
        failed(error);
      },
    });
  };

  return (
    <section aria-labelledby="membership-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="membership-heading" className="text-lg font-semibold text-gray-900">
        Membership
      </h2>
      <p className="mt-2 text-gray-800" data-testid="membership-status">
        {statusText(data)}
      </p>
      {data.refund.eligible && (
        <p className="mt-1 text-sm text-gray-700">
          30-day money-back guarantee: a full refund of {price(data.refund.amountCents ?? data.priceCents)} until{' '}
          {formatTimestampDate(data.refund.until)}.
        </p>
      )}
      {notice && (
        <div className="mt-3">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {(data.status === 'active' || data.status === 'past_due') && (
          <Button variant="secondary" disabled={busy} onClick={() => setPending('cancel')}>
            Cancel membership
          </Button>
        )}
        {data.status === 'cancelled' && (
          <Button
            variant="premium"
            disabled={busy}
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: (next) =>
                  setNotice({ tone: 'success', text: `Membership resumed. It renews on ${formatTimestampDate(next.renewsAt)}.` }),
                onError: failed,
              })
            }
          >
            {resume.isPending ? 'Resuming...' : 'Resume membership'}
          </Button>
        )}
        {data.refund.eligible && (
          <Button variant="danger" disabled={busy} onClick={() => setPending('refund')}>
            Cancel and refund
          </Button>
        )}
        {(data.status === 'ended' || data.status === 'refunded' || data.status === 'past_due') && (
          <Link to="/subscribe" className="self-center text-sm font-semibold text-purple-800 underline">
            Subscribe again
          </Link>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending === 'refund' ? 'Cancel and refund your membership?' : 'Cancel your membership?'}
        message={
          pending === 'refund'
            ? `You get ${price(data.refund.amountCents ?? data.priceCents)} back in full and premium ends now. Reservations you already paid for stay valid.`
            : `Your membership will not renew. You stay premium until ${formatTimestampDate(data.renewsAt ?? data.endsAt)}, and can resume it until then.`
        }
        confirmLabel={pending === 'refund' ? 'Cancel and refund' : 'Cancel membership'}
        busyLabel={pending === 'refund' ? 'Refunding...' : 'Cancelling...'}
        cancelLabel="Keep membership"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <Receipts />
    </section>
  );
}

function Receipts() {
  const receipts = useReceipts();
  const list = receipts.data?.receipts ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-base font-semibold text-gray-900">Receipts</h3>
      <ul className="mt-2 divide-y divide-gray-200">
        {list.map((receipt: Receipt) => (
          <li key={receipt.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
            <span className="min-w-0 flex-1 text-gray-800">
              <span className="block font-medium text-gray-900">{formatTimestampDate(receipt.occurredAt)}</span>
              {receipt.description}
            </span>
            <span className={receipt.kind === 'refund' ? 'font-semibold text-green-800' : 'font-semibold text-gray-900'}>
              {receipt.kind === 'refund' ? `Refund ${price(receipt.amountCents)}` : price(receipt.amountCents)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

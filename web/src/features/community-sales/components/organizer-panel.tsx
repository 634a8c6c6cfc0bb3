import { useState } from 'react';
import type { CommunitySale } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useApproveSale, useOrganizerAction, useRemoveSale, type Entry } from '../api/community-sales';

type Asking = { kind: 'cancel' } | { kind: 'rain-date' } | { kind: 'remove'; entry: Entry } | null;

/**
 * The organiser's tools on the page: approve or remove pending sales, remove a joined one, edit,
 * cancel, and move everything to the rain date. Each step that cannot be undone asks first.
 */
export function OrganizerPanel({ communitySale, entries }: { communitySale: CommunitySale; entries: readonly Entry[] }) {
  const approve = useApproveSale();
  const remove = useRemoveSale();
  const cancel = useOrganizerAction('cancel');
  const rainDate = useOrganizerAction('rain-date');
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = entries.filter((entry) => entry.status === 'pending');
  const approved = entries.filter((entry) => entry.status === 'approved');
  const scheduled = communitySale.status === 'scheduled';
  const busy = approve.isPending || remove.isPending || cancel.isPending || rainDate.isPending;
  const onError = (fallback: string) => (failure: unknown) => setError(errorMessage(failure, fallback));
  const close = () => setAsking(null);
  // Pending and joined sales alike are removed after the same confirmation.
  const removeButton = (entry: Entry) => (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      aria-label={`Remove ${entry.sale.title}`}
      onClick={() => setAsking({ kind: 'remove', entry })}
    >
      Remove
    </Button>
  );

  const confirm = () => {
    setError(null);
    if (asking?.kind === 'cancel') cancel.mutate(communitySale.id, { onSuccess: close, onError: onError('Failed to cancel') });
    if (asking?.kind === 'rain-date') {
      rainDate.mutate(communitySale.id, { onSuccess: close, onError: onError('Failed to move to the rain date') });
    }
    if (asking?.kind === 'remove') {
      remove.mutate(
        { id: communitySale.id, saleId: asking.entry.sale.id },
        { onSuccess: close, onError: onError('Failed to remove the sale') },
      );
    }
  };

  return (
    <section aria-labelledby="organizer-heading" className="space-y-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="organizer-heading" className="text-lg font-semibold text-gray-900">
          Organiser
        </h2>
        {scheduled && (
          <div className="flex flex-wrap gap-2">
            <LinkButton to={`/community-sales/${communitySale.id}/edit`} variant="secondary" size="sm">
              Edit
            </LinkButton>
            {communitySale.rainDate && (
              <Button variant="secondary" size="sm" onClick={() => setAsking({ kind: 'rain-date' })}>
                Move to Rain Date
              </Button>
            )}
            <Button variant="danger" size="sm" onClick={() => setAsking({ kind: 'cancel' })}>
              Cancel Community Sale
            </Button>
          </div>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}

      <div>
        <h3 className="font-semibold text-gray-900">Waiting for approval ({pending.length})</h3>
        {pending.length === 0 ? (
          <p className="mt-1 text-sm text-gray-700">
            {communitySale.requiresApproval ? 'No sale is waiting.' : 'Sales join at once: approval is not needed.'}
          </p>
        ) : (
          <ul aria-label="Waiting for approval" className="mt-2 divide-y divide-amber-200 rounded-md bg-white ring-1 ring-amber-200">
            {pending.map((entry) => (
              <li key={entry.sale.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="min-w-0">
                  <span className="font-semibold text-gray-900">{entry.sale.title}</span>
                  <span className="block text-gray-700">
                    {entry.sale.address ? `${entry.sale.address}, ` : ''}
                    {entry.sale.city}
                  </span>
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="success"
                    size="sm"
                    disabled={busy || !scheduled}
                    aria-label={`Approve ${entry.sale.title}`}
                    onClick={() => {
                      setError(null);
                      approve.mutate({ id: communitySale.id, saleId: entry.sale.id }, { onError: onError('Failed to approve the sale') });
                    }}
                  >
                    Approve
                  </Button>
                  {removeButton(entry)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      {approved.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-gray-900">Joined sales ({approved.length})</summary>
          <ul aria-label="Joined sales" className="mt-2 divide-y divide-amber-200 rounded-md bg-white ring-1 ring-amber-200">
            {approved.map((entry) => (
              <li key={entry.sale.id} className="flex items-center justify-between gap-2 p-2">
                <span className="min-w-0 text-gray-900">
                  {entry.number}. {entry.sale.title}
                </span>
                {removeButton(entry)}
              </li>
            ))}
          </ul>
        </details>
      )}

      <ConfirmDialog
        open={asking?.kind === 'cancel'}
        title="Cancel this community sale?"
        message="Every joined host and every shopper following it is told once. The sales themselves stay, as their hosts left them."
        confirmLabel="Cancel Community Sale"
        busyLabel="Cancelling..."
        cancelLabel="Keep It"
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={close}
      />
      <ConfirmDialog
        open={asking?.kind === 'rain-date'}
        title="Move to the rain date?"
        message={
          <>
            It becomes one day, {communitySale.rainDate ? formatDate(communitySale.rainDate) : ''}, with the first day’s hours, and every
            joined sale moves with it. Hosts and followers are told once; a host may leave instead.
          </>
        }
        confirmLabel="Move to Rain Date"
        busyLabel="Moving..."
        busy={rainDate.isPending}
        onConfirm={confirm}
        onCancel={close}
      />
      <ConfirmDialog
        open={asking?.kind === 'remove'}
        title="Remove this sale?"
        message={
          asking?.kind === 'remove' ? (
            <>
              {asking.entry.sale.title} leaves the community sale
              {asking.entry.number !== null ? ` and its number ${asking.entry.number} is not given again` : ''}.
            </>
          ) : null
        }
        confirmLabel="Remove Sale"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={close}
      />
    </section>
  );
}

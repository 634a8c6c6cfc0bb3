import { useState, type FormEvent } from 'react';
import type { Offer } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { parseMoney } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useOfferMove, type OfferMove } from '../api/offers';
import { isMyMove } from './offer-status';

/** The host's counter: a price above the offer and below the item's. */
function CounterForm({ offer, onMove, pending }: { offer: Offer; onMove: (amount: number) => void; pending: boolean }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseMoney(amount);
    if (value === null || Number.isNaN(value)) return setError('Enter your price');
    if (value <= offer.amount || value >= offer.item.price) {
      return setError(`Between ${formatPrice(offer.amount)} and ${formatPrice(offer.item.price)}`);
    }
    setError(undefined);
    onMove(value);
  };
  return (
    <form onSubmit={submit} aria-label={`Counter the offer on ${offer.item.title}`} className="flex flex-wrap items-end gap-2">
      <TextField
        label="Your price ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        containerClassName="w-36"
      />
      <Button type="submit" size="sm" disabled={pending}>
        Send counter
      </Button>
    </form>
  );
}

/**
 * What the caller may do with an offer now: the host accepts, declines or counters an open one;
 * the shopper accepts or declines a counter, and may withdraw while it waits.
 */
export function OfferActions({ offer, role }: { offer: Offer; role: 'buyer' | 'host' }) {
  const move = useOfferMove(offer.id);
  const [countering, setCountering] = useState(false);
  const waiting = offer.status === 'open' || offer.status === 'countered';
  if (!waiting) return null;
  const act = (next: OfferMove, amount?: number) => move.mutate({ move: next, amount }, { onSuccess: () => setCountering(false) });
  const mine = isMyMove(offer, role);
  const onTable = role === 'buyer' ? (offer.counterAmount ?? offer.amount) : offer.amount;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {mine && (
          <>
            <Button size="sm" variant="success" disabled={move.isPending} onClick={() => act('accept')}>
              Accept {formatPrice(onTable)}
            </Button>
            {role === 'host' && (
              <Button
                size="sm"
                variant="secondary"
                disabled={move.isPending}
                onClick={() => setCountering((open) => !open)}
                aria-expanded={countering}
              >
                Counter
              </Button>
            )}
            <Button size="sm" variant="secondary" disabled={move.isPending} onClick={() => act('decline')}>
              Decline
            </Button>
          </>
        )}
        {role === 'buyer' && (
          <Button size="sm" variant="ghost" disabled={move.isPending} onClick={() => act('withdraw')}>
            Withdraw
          </Button>
        )}
      </div>
      {countering && <CounterForm offer={offer} pending={move.isPending} onMove={(amount) => act('counter', amount)} />}
      {move.isError && <Alert tone="error">{errorMessage(move.error, 'That did not work. Try again.')}</Alert>}
    </div>
  );
}

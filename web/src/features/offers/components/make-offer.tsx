import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Item, Offer } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { formatPrice } from '@/lib/format';
import { parseMoney } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useMakeOffer, useMyOffersOn } from '../api/offers';

/** How an offer stands for the shopper who made it: declined politely, accepted (pay), or waiting. */
function OfferAnswer({ offer }: { offer: Offer }) {
  if (offer.status === 'accepted') {
    return (
      <Alert tone="success" title={`Offer accepted: ${formatPrice(offer.agreedAmount ?? offer.amount)}`}>
        <p>It is held for you while you pay.</p>
        <LinkButton to="/my-reservations" size="sm" variant="success" className="mt-2">
          Pay {formatPrice(offer.agreedAmount ?? offer.amount)} in My Reservations
        </LinkButton>
      </Alert>
    );
  }
  if (offer.status === 'declined') {
    return (
      <Alert tone="info" title="Offer declined">
        {offer.message ?? 'The seller declined this offer.'}
      </Alert>
    );
  }
  const countered = offer.status === 'countered';
  return (
    <Alert
      tone="info"
      title={
        countered ? `The seller countered: ${formatPrice(offer.counterAmount ?? offer.amount)}` : `Offer sent: ${formatPrice(offer.amount)}`
      }
    >
      <p>{countered ? 'Accept or decline it in your offers.' : 'The seller has 24 hours to answer; you will hear here and in the bell.'}</p>
      <Link to="/offers" className="font-semibold underline">
        See your offers
      </Link>
    </Alert>
  );
}

/**
 * "Make an offer" on an item's page, for a Premium shopper (paying ahead is a membership feature):
 * an amount below the price; the answer shows at once. An offer still waiting shows instead of the form.
 */
export function MakeOffer({ item }: { item: Pick<Item, 'id' | 'user_id' | 'price' | 'is_reserved' | 'is_sold' | 'garage_sale_id'> }) {
  const user = useUser();
  const eligible =
    !!user?.isPremium && user.id !== item.user_id && !item.is_sold && !item.is_reserved && item.garage_sale_id !== null && item.price > 0;
  const mine = useMyOffersOn(item.id, eligible);
  const make = useMakeOffer(item.id);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();

  // The answer just given, as the live stream or a refetch has it since (a counter, an accept).
  const latest =
    (make.data && (mine.data?.find((offer) => offer.id === make.data.id) ?? make.data)) ??
    mine.data?.find((offer) => offer.status === 'open' || offer.status === 'countered');
  if (latest) return <OfferAnswer offer={latest} />;
  if (!eligible) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseMoney(amount);
    if (value === null || Number.isNaN(value) || value <= 0) return setError('Enter your offer');
    if (value >= item.price) return setError(`Offer less than the price, ${formatPrice(item.price)}`);
    setError(undefined);
    make.mutate(value);
  };
  if (!open) {
    return (
      <Button variant="secondary" className="mt-2 w-full" onClick={() => setOpen(true)}>
        Make an offer
      </Button>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Make an offer" className="mt-2 space-y-2 rounded-lg bg-gray-50 p-3 ring-1 ring-gray-200">
      <TextField
        label="Your offer ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        autoFocus
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        hint="The seller accepts, counters or declines; an accepted offer is held for you to pay."
      />
      {make.isError && <Alert tone="error">{errorMessage(make.error, 'Your offer could not be sent. Try again.')}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={make.isPending}>
          {make.isPending ? 'Sending...' : 'Send offer'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

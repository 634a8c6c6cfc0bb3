import { Link } from 'react-router-dom';
import { useQueries } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { pluralize } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { entriesQueryOptions, useFittingCommunitySales, useJoinCommunitySale, useRemoveSale } from '../api/community-sales';
import { describeDates } from '../utils/describe';

/** The most community sales offered at once: one sale fits few, and each one's list is read. */
const OFFERED = 5;

/**
 * "Join a community sale nearby" on the host's sale: the community sales this sale fits (by place
 * and dates, `GET /api/community-sales?saleId=`), with Join, or where it is already in, its number
 * (or "waiting for approval") and Leave. Nothing when none fits.
 */
export function JoinCommunitySale({ saleId }: { saleId: number }) {
  const fitting = useFittingCommunitySales(saleId);
  const offered = (fitting.data ?? []).slice(0, OFFERED);
  const entries = useQueries({ queries: offered.map((communitySale) => entriesQueryOptions(String(communitySale.id))) });
  const join = useJoinCommunitySale();
  const leave = useRemoveSale();
  const busy = join.isPending || leave.isPending;
  if (offered.length === 0) return null;
  const failure = join.error ?? leave.error;
  const joinedAny = entries.some((query) => query.data?.some((entry) => entry.sale.id === saleId));

  return (
    <section aria-labelledby="join-heading" className="space-y-3 rounded-lg bg-purple-50 p-4 ring-1 ring-purple-200">
      <h2 id="join-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Users aria-hidden className="h-5 w-5 text-purple-700" />
        Join a community sale nearby
      </h2>
      <p className="text-sm text-gray-800">
        Your sale is inside these areas and on their days: join to be on their map, list and printout.
      </p>
      <ul className="space-y-2">
        {offered.map((communitySale, index) => {
          const entry = entries[index]?.data?.find((candidate) => candidate.sale.id === saleId);
          return (
            <li
              key={communitySale.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white p-3 text-sm ring-1 ring-purple-200"
            >
              <span className="min-w-0">
                <Link to={`/community-sales/${communitySale.id}`} className="font-semibold text-gray-900 hover:underline">
                  {communitySale.name}
                </Link>
                <span className="block text-gray-700">
                  {describeDates(communitySale)} · {pluralize(communitySale.saleCount, 'sale')}
                  {communitySale.requiresApproval && ' · the organiser approves'}
                </span>
                {entry && (
                  <span className="block font-medium text-purple-800">
                    {entry.status === 'pending' ? 'Waiting for approval' : `Joined as number ${entry.number}`}
                  </span>
                )}
              </span>
              {entry ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Leave ${communitySale.name}`}
                  onClick={() => leave.mutate({ id: communitySale.id, saleId })}
                >
                  Leave
                </Button>
              ) : (
                <Button
                  variant="premium"
                  size="sm"
                  disabled={busy || joinedAny || entries[index]?.isPending}
                  aria-label={`Join ${communitySale.name}`}
                  onClick={() => join.mutate({ id: communitySale.id, saleId })}
                >
                  Join
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failure, 'That did not work. Please try again.')}
        </p>
      )}
    </section>
  );
}

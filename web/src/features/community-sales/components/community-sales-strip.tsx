import { Link } from 'react-router-dom';
import { Users } from 'lucide-react';
import type { CommunitySale } from '@garage/contracts';
import { useEffect, useState } from 'react';
import { GEOLOCATION } from '@garage/contracts/constants';
import type { Coordinates } from '@/hooks/use-geolocation';
import { pluralize } from '@/lib/format';
import { useCommunitySales } from '../api/community-sales';
import { describeDates } from '../utils/describe';

export function CommunitySaleCard({ communitySale }: { communitySale: CommunitySale }) {
  return (
    <article className="flex h-full overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      {communitySale.coverImageUrl ? (
        <img src={communitySale.coverImageUrl} alt="" className="h-auto w-20 shrink-0 object-cover" />
      ) : (
        <span aria-hidden="true" className="flex w-20 shrink-0 items-center justify-center bg-purple-100 text-purple-700">
          <Users className="h-7 w-7" />
        </span>
      )}
      <div className="min-w-0 p-3 text-sm">
        <h3 className="font-semibold text-gray-900">
          <Link to={`/community-sales/${communitySale.id}`} className="hover:underline">
            {communitySale.name}
          </Link>
        </h3>
        <p className="text-gray-800">{describeDates(communitySale)}</p>
        <p className="text-gray-700">
          {pluralize(communitySale.saleCount, 'sale')}
          {communitySale.distance !== undefined && ` · ${communitySale.distance.toFixed(1)} mi`}
        </p>
      </div>
    </article>
  );
}

/**
 * Community sales near the visitor, as a compact strip ahead of single sales (home and browse):
 * one sale day holds many sales, so it comes first. Near the browser's location when it is shared,
 * else the soonest anywhere; nothing at all when there are none (or the list failed).
 */
export function CommunitySalesStrip({ limit = 6 }: { limit?: number }) {
  const geo = useGrantedPosition();
  const query = useCommunitySales(geo.position ?? {}, { enabled: !geo.loading });
  const list = (query.data ?? []).slice(0, limit);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="community-strip-heading" className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="community-strip-heading" className="text-lg font-semibold text-gray-900">
          Community sales {geo.position ? 'near you' : 'coming up'}
        </h2>
        <Link to="/community-sales" className="shrink-0 text-sm font-semibold text-blue-700 hover:underline">
          See all
        </Link>
      </div>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3">
        {list.map((communitySale) => (
          <li key={communitySale.id} className="w-64 shrink-0 snap-start sm:w-auto">
            <CommunitySaleCard communitySale={communitySale} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The browser's location only where the visitor has already allowed it: the strip never asks
 * (the home page never did), and without it shows the soonest community sales.
 */
function useGrantedPosition(): { position: Coordinates | null; loading: boolean } {
  const [state, setState] = useState<{ position: Coordinates | null; loading: boolean }>({ position: null, loading: true });
  useEffect(() => {
    let active = true;
    const done = (position: Coordinates | null) => active && setState({ position, loading: false });
    if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) {
      done(null);
      return;
    }
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (status.state !== 'granted') return done(null);
        navigator.geolocation.getCurrentPosition(
          (result) => done({ latitude: result.coords.latitude, longitude: result.coords.longitude }),
          () => done(null),
          { enableHighAccuracy: GEOLOCATION.enableHighAccuracy, timeout: GEOLOCATION.timeoutMs, maximumAge: GEOLOCATION.maximumAgeMs },
        );
      })
      .catch(() => done(null));
    return () => {
      active = false;
    };
  }, []);
  return state;
}

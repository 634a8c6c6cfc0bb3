import { Users } from 'lucide-react';
import { useGeolocation } from '@/hooks/use-geolocation';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useCommunitySales } from '../api/community-sales';
import { CommunitySaleCard } from './community-sales-strip';

/** /community-sales: every upcoming one near the visitor (or soonest first without a location). */
export function CommunitySalesList() {
  const geo = useGeolocation();
  const query = useCommunitySales(geo.position ?? {}, { enabled: !geo.loading });
  if (geo.loading)
    return <QueryStatus query={{ isPending: true, refetch: async () => undefined }} error="" loading="Finding you..." className="py-16" />;
  if (!query.isSuccess)
    return <QueryStatus query={query} loading="Loading community sales..." error="Failed to load community sales" className="py-16" />;
  if (query.data.length === 0) {
    return (
      <EmptyState title="No community sales yet" icon={<Users />}>
        <p>None is coming up {geo.position ? 'near you' : ''}. Organise one for your street, town or church.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((communitySale) => (
        <li key={communitySale.id}>
          <CommunitySaleCard communitySale={communitySale} />
        </li>
      ))}
    </ul>
  );
}

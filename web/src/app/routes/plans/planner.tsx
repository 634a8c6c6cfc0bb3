import { LinkButton } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useFavorites } from '@/features/favorites/api/favorites';
import { RoutePlanner } from '@/features/route-planner/components/route-planner';

export default function RoutePlannerRoute() {
  const favorites = useFavorites();
  return (
    <Page
      title="Route Planner"
      heading="Route Planner"
      intro="Pick the sales you want to visit; we put them in the best order and tell you when to arrive at each."
      actions={
        <LinkButton to="/plans" variant="secondary">
          My Route Plans
        </LinkButton>
      }
    >
      <RoutePlanner savedSales={favorites.data?.sales} savedSalesFailed={favorites.isError} />
    </Page>
  );
}

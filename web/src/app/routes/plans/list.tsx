import { LinkButton } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { RoutePlansList } from '@/features/route-planner/components/route-plans-list';

export default function RoutePlansRoute() {
  return (
    <Page
      title="My Route Plans"
      heading="My Route Plans"
      intro="Your saved routes, ready to print, open in a map app or add to your calendar."
      actions={<LinkButton to="/plan">Plan a Route</LinkButton>}
    >
      <RoutePlansList />
    </Page>
  );
}

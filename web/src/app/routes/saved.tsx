import { Page } from '@/components/ui/page';
import { SavedList } from '@/features/favorites/components/saved-list';
import { AddToPlanButton } from '@/features/route-planner/components/add-to-plan-button';

export default function SavedRoute() {
  return (
    <Page title="Saved" heading="Saved" intro="The garage sales and items you put a heart on.">
      <SavedList renderSaleActions={(sale) => sale.status === 'active' && <AddToPlanButton sale={sale} named />} />
    </Page>
  );
}

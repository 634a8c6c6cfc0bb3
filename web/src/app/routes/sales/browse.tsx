import { Page } from '@/components/ui/page';
import { CommunitySalesStrip } from '@/features/community-sales/components/community-sales-strip';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { AddToPlanButton } from '@/features/route-planner/components/add-to-plan-button';
import { SalesBrowser } from '@/features/sales/components/sales-browser';

export default function BrowseSalesRoute() {
  return (
    <Page
      title="Browse Garage Sales"
      heading="Browse Garage Sales"
      intro="Find garage sales happening near you, on a map or as a list, with their photos."
    >
      <div className="mb-6 empty:hidden">
        <CommunitySalesStrip />
      </div>
      <SalesBrowser
        renderSaleActions={(sale, place) => (
          <>
            <AddToPlanButton sale={sale} named className={place === 'popup' ? 'px-2 py-1 text-xs' : undefined} />
            <FavoriteButton kind="sale" id={sale.id} title={sale.title} ownerId={sale.user_id} />
          </>
        )}
      />
    </Page>
  );
}

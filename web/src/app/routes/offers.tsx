import { Page } from '@/components/ui/page';
import { OffersPage } from '@/features/offers/components/offers-page';

export default function OffersRoute() {
  return (
    <Page title="Offers" heading="Offers" intro="Offers you made, and offers shoppers made on your items." width="medium">
      <OffersPage />
    </Page>
  );
}

import { Page } from '@/components/ui/page';
import { SalesBrowser } from '@/features/sales/components/sales-browser';

export default function BrowseSalesRoute() {
  return (
    <Page title="Browse Garage Sales" heading="Browse Garage Sales" intro="Find garage sales happening near you.">
      <SalesBrowser />
    </Page>
  );
}

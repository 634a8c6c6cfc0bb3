import { Page } from '@/components/ui/page';
import { CreateSale } from '@/features/sales/components/create-sale';

export default function CreateSaleRoute() {
  return (
    <Page
      title="Host a Garage Sale"
      heading="Host a Garage Sale"
      intro="Tell shoppers when and where your sale is. Fields marked * are required."
      width="medium"
    >
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <CreateSale />
      </div>
    </Page>
  );
}

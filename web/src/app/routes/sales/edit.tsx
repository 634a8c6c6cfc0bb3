import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { JoinCommunitySale } from '@/features/community-sales/components/join-community-sale';
import { EditSale } from '@/features/sales/components/edit-sale';

export default function EditSaleRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Edit Garage Sale" heading="Edit Garage Sale" width="medium">
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <EditSale key={id} saleId={id} />
      </div>
      {/^[1-9]\d*$/.test(id) && (
        <div className="mt-6">
          <JoinCommunitySale saleId={Number(id)} />
        </div>
      )}
    </Page>
  );
}

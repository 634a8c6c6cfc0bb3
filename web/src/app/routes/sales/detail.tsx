import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { SaleDetail } from '@/features/sales/components/sale-detail';

export default function SaleDetailRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <SaleDetail key={id} saleId={id} />
    </Page>
  );
}

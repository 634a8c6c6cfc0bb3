import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { PayoutSetup, SaleReservations } from '@/features/reservations/components/sale-reservations';

export default function SaleReservationsRoute() {
  const saleId = Number(useParams().id);
  return (
    <Page
      title="Reservations"
      heading="Reservations"
      actions={<PayoutSetup />}
      intro={
        <>
          Ask each shopper for their pickup code, then mark the item collected. <Link to={`/sales/${saleId}`}>Back to the sale</Link>
        </>
      }
    >
      <SaleReservations saleId={saleId} />
    </Page>
  );
}

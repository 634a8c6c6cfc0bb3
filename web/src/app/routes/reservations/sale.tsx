import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { PayoutSetup, SaleReservations } from '@/features/reservations/components/sale-reservations';
import { useSale } from '@/features/sales/api/get-sale';

/** The host's pickup desk, titled with the sale's name; the sale's items lend the cards their photos. */
export default function SaleReservationsRoute() {
  const { id = '' } = useParams();
  const saleId = Number(id);
  const sale = useSale(id);
  const photos = useMemo(() => new Map(sale.data?.items.map((item) => [item.id, item.image_urls[0]]) ?? []), [sale.data]);
  const name = sale.data?.title;
  return (
    <Page
      title={name ? `Pickup desk: ${name}` : 'Pickup desk'}
      heading={name ?? 'Pickup desk'}
      actions={<PayoutSetup />}
      intro={
        <>
          <span className="block font-medium text-gray-900">Pickup desk</span>
          Ask each shopper for their pickup code, type it in, then tap Collected. <Link to={`/sales/${id}`}>Back to the sale</Link>
        </>
      }
    >
      <SaleReservations saleId={saleId} photos={photos} />
    </Page>
  );
}

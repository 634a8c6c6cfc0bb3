import { Page } from '@/components/ui/page';
import { AddToCalendarLink } from '@/features/calendar/components/add-to-calendar-link';
import { MyReservations } from '@/features/reservations/components/my-reservations';

export default function MyReservationsRoute() {
  return (
    <Page
      title="My Reservations"
      heading="My Reservations"
      intro="Items you reserved: pay, then pick them up at the sale with your code."
      width="medium"
    >
      <MyReservations renderSaleActions={(saleId) => <AddToCalendarLink saleId={saleId} />} />
    </Page>
  );
}

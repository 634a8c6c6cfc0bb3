import { useParams } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { Page } from '@/components/ui/page';
import { JoinCommunitySale } from '@/features/community-sales/components/join-community-sale';
import { AddToCalendarLink } from '@/features/calendar/components/add-to-calendar-link';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { ContactHost } from '@/features/messages/components/contact-host';
import { AddToPlanButton } from '@/features/route-planner/components/add-to-plan-button';
import { SaleDetail } from '@/features/sales/components/sale-detail';
import { SaleStatsPanel } from '@/features/sales/stats/sale-stats-panel';

export default function SaleDetailRoute() {
  const { id = '' } = useParams();
  const user = useUser();
  return (
    <Page>
      <SaleDetail
        key={id}
        saleId={id}
        renderTitleActions={(sale) => (
          <FavoriteButton kind="sale" id={sale.id} title={sale.title} ownerId={sale.user_id} variant="labelled" />
        )}
        renderScheduleActions={(sale) => (
          <>
            <AddToCalendarLink saleId={sale.id} />
            {sale.status === 'active' && <AddToPlanButton sale={sale} />}
            {user && user.id !== sale.user_id && sale.messages_enabled !== false && (
              <ContactHost saleId={sale.id} label="Message the Host" />
            )}
          </>
        )}
        renderItemActions={(item) => <FavoriteButton kind="item" id={item.id} title={item.title} ownerId={item.user_id} />}
        renderHostPanel={(sale) => (
          <>
            <SaleStatsPanel sale={sale} />
            {sale.status === 'active' && <JoinCommunitySale saleId={sale.id} />}
          </>
        )}
      />
    </Page>
  );
}

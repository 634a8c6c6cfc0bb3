import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { CommunitySalePage } from '@/features/community-sales/components/community-sale-page';
import { CommunitySalePlan } from '@/features/route-planner/components/community-sale-plan';
import { SalesMapView } from '@/features/sales/components/sales-map-view';
import { pluralize } from '@/lib/format';

/** A community sale's page: its own feature, with the sales map (numbered pins) and the route planner's "Plan my route". */
export default function CommunitySaleRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <CommunitySalePage
        key={id}
        communitySaleId={id}
        renderMap={({ sales, view, numberOf }) => (
          <SalesMapView
            sales={sales}
            position={null}
            view={view}
            numberOf={numberOf}
            legend={`${pluralize(sales.length, 'sale')} by number`}
          />
        )}
        renderPlan={(slot) => <CommunitySalePlan {...slot} />}
      />
    </Page>
  );
}

import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { RoutePlanPrint } from '@/features/route-planner/components/route-plan-print';

export default function RoutePlanPrintRoute() {
  const { id = '' } = useParams();
  return (
    <Page width="medium">
      <RoutePlanPrint key={id} planId={id} />
    </Page>
  );
}

import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { downloadCalendar } from '@/features/calendar/api/download-calendar';
import { RoutePlanView } from '@/features/route-planner/components/route-plan-view';

export default function RoutePlanRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <RoutePlanView key={id} planId={id} downloadCalendar={downloadCalendar} />
    </Page>
  );
}

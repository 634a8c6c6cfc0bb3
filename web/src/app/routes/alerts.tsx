import { Page } from '@/components/ui/page';
import { AlertsPage } from '@/features/alerts/components/alerts-page';

export default function AlertsRoute() {
  return (
    <Page title="Alerts" heading="Alerts" intro="New matches for your saved searches, and changes to sales you saved or planned.">
      <AlertsPage />
    </Page>
  );
}

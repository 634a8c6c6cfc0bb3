import { Page } from '@/components/ui/page';
import { SubscribePage } from '@/features/premium/components/subscribe-page';

export default function SubscribeRoute() {
  return (
    <Page title="Upgrade to Premium">
      <SubscribePage />
    </Page>
  );
}

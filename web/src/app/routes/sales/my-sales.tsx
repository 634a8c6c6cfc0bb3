import { Page } from '@/components/ui/page';
import { LinkButton } from '@/components/ui/button';
import { MySalesList } from '@/features/sales/components/my-sales-list';

export default function MySalesRoute() {
  return (
    <Page
      title="My Garage Sales"
      heading="My Garage Sales"
      intro="Every sale you host, whatever its status."
      actions={<LinkButton to="/create-sale">Host a Garage Sale</LinkButton>}
    >
      <MySalesList />
    </Page>
  );
}

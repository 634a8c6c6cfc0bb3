import { Page } from '@/components/ui/page';
import { LinkButton } from '@/components/ui/button';
import { MyItemsList } from '@/features/items/components/my-items-list';

export default function MyItemsRoute() {
  return (
    <Page
      title="My Items"
      heading="My Items"
      intro="Everything you have listed, in a sale or not."
      actions={<LinkButton to="/create-item">Add Item</LinkButton>}
    >
      <MyItemsList />
    </Page>
  );
}

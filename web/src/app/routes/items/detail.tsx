import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { ItemDetail } from '@/features/items/components/item-detail';

export default function ItemDetailRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <ItemDetail key={id} itemId={id} />
    </Page>
  );
}

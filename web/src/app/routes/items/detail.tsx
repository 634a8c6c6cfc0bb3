import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { ItemDetail } from '@/features/items/components/item-detail';

export default function ItemDetailRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <ItemDetail
        key={id}
        itemId={id}
        renderTitleActions={(item) => <FavoriteButton kind="item" id={item.id} title={item.title} variant="labelled" className="ml-auto" />}
      />
    </Page>
  );
}

import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { ItemDetail } from '@/features/items/components/item-detail';
import { ContactHost } from '@/features/messages/components/contact-host';
import { MakeOffer } from '@/features/offers/components/make-offer';
import { ReserveAction } from '@/features/search/components/reserve-action';

export default function ItemDetailRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <ItemDetail
        key={id}
        itemId={id}
        renderBuyActions={(item) =>
          item.garage_sale_id !== null && (
            <>
              <ReserveAction item={item} />
              <MakeOffer item={item} />
            </>
          )
        }
        renderContact={(item) => item.sale && <ContactHost saleId={item.sale.id} itemId={item.id} />}
        renderTitleActions={(item) => (
          <FavoriteButton kind="item" id={item.id} title={item.title} ownerId={item.user_id} variant="labelled" className="ml-auto" />
        )}
      />
    </Page>
  );
}

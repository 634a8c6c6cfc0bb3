import { Page } from '@/components/ui/page';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { SaveSearchAction } from '@/features/saved-searches/components/save-search-action';
import { ItemSearch } from '@/features/search/components/item-search';

export default function SearchRoute() {
  return (
    <Page title="Search for Items" heading="Search for Items" intro="Find exactly what you want before you leave the house.">
      <ItemSearch
        renderSearchActions={(search) => <SaveSearchAction search={search} />}
        renderResultActions={(result) => (
          <FavoriteButton kind="item" id={result.id} title={result.title} ownerId={result.user_id} className="-mt-1" />
        )}
      />
    </Page>
  );
}

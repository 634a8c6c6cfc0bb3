import { Page } from '@/components/ui/page';
import { ItemSearch } from '@/features/search/components/item-search';

export default function SearchRoute() {
  return (
    <Page title="Search for Items" heading="Search for Items" intro="Find exactly what you want before you leave the house.">
      <ItemSearch />
    </Page>
  );
}

import { Page } from '@/components/ui/page';
import { SavedList } from '@/features/favorites/components/saved-list';

export default function SavedRoute() {
  return (
    <Page title="Saved" heading="Saved" intro="The garage sales and items you put a heart on.">
      <SavedList />
    </Page>
  );
}

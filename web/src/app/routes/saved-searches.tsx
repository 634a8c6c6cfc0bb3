import { Page } from '@/components/ui/page';
import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list';

export default function SavedSearchesRoute() {
  return (
    <Page title="Saved Searches" heading="Saved Searches" intro="We keep looking for you and send an alert when a new match is listed.">
      <SavedSearchesList />
    </Page>
  );
}

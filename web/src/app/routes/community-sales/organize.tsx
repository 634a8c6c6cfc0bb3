import { Page } from '@/components/ui/page';
import { OrganizeCommunitySale } from '@/features/community-sales/components/edit-community-sale';
import { uploadCover } from './upload-cover';

export default function OrganizeCommunitySaleRoute() {
  return (
    <Page
      title="Organise a Community Sale"
      heading="Organise a Community Sale"
      intro="One day (or up to four) when the sales in an area open together. Hosts join with their own sales; shoppers get one map and one route."
      width="medium"
    >
      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <OrganizeCommunitySale uploadCover={uploadCover} />
      </div>
    </Page>
  );
}

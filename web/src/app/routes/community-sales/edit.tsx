import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { EditCommunitySale } from '@/features/community-sales/components/edit-community-sale';
import { uploadCover } from './upload-cover';

export default function EditCommunitySaleRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Edit Community Sale" heading="Edit Community Sale" width="medium">
      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <EditCommunitySale key={id} communitySaleId={id} uploadCover={uploadCover} />
      </div>
    </Page>
  );
}

import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { EditItem } from '@/features/items/components/edit-item';

export default function EditItemRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Edit Item" heading="Edit Item" width="medium">
      <EditItem key={id} itemId={id} />
    </Page>
  );
}

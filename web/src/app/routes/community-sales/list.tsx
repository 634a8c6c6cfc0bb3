import { LinkButton } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { CommunitySalesList } from '@/features/community-sales/components/community-sales-list';
import { useUser } from '@/lib/auth';

export default function CommunitySalesRoute() {
  const user = useUser();
  return (
    <Page
      title="Community Sales"
      heading="Community Sales"
      intro="Sale days where a whole street, town or church holds its garage sales at once: one map, one list, one route."
      actions={
        <LinkButton to={user ? '/organize' : '/register'} variant="secondary">
          Organise One
        </LinkButton>
      }
    >
      <CommunitySalesList />
    </Page>
  );
}

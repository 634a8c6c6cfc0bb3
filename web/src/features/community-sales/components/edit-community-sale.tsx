import { Navigate, useNavigate } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { QueryStatus } from '@/components/ui/query-status';
import { useCommunitySale, useSaveCommunitySale } from '../api/community-sales';
import { CommunitySaleForm, communitySaleToValues, emptyCommunitySaleValues } from './community-sale-form';

type Upload = (file: File) => Promise<{ url: string } | { message: string }>;

/** /organize: a new community sale, opened once saved. */
export function OrganizeCommunitySale({ uploadCover }: { uploadCover: Upload }) {
  const save = useSaveCommunitySale();
  const navigate = useNavigate();
  return (
    <CommunitySaleForm
      initialValues={emptyCommunitySaleValues()}
      submitLabel="Create Community Sale"
      cancelTo="/community-sales"
      uploadCover={uploadCover}
      onSubmit={async (body) => {
        const created = await save.mutateAsync({ body });
        navigate(`/community-sales/${created.id}`);
      }}
    />
  );
}

/** /community-sales/{id}/edit: only the organiser edits; anyone else goes to its page. */
export function EditCommunitySale({ communitySaleId, uploadCover }: { communitySaleId: string; uploadCover: Upload }) {
  const user = useUser();
  const query = useCommunitySale(communitySaleId);
  const save = useSaveCommunitySale();
  const navigate = useNavigate();
  if (!query.isSuccess)
    return <QueryStatus query={query} loading="Loading community sale..." error="Failed to load community sale" className="py-24" />;
  const communitySale = query.data;
  if (user?.id !== communitySale.organizerId) return <Navigate to={`/community-sales/${communitySale.id}`} replace />;
  return (
    <CommunitySaleForm
      initialValues={communitySaleToValues(communitySale)}
      submitLabel="Save Changes"
      cancelTo={`/community-sales/${communitySale.id}`}
      uploadCover={uploadCover}
      onSubmit={async (body) => {
        await save.mutateAsync({ id: communitySale.id, body });
        navigate(`/community-sales/${communitySale.id}`);
      }}
    />
  );
}

import { Link, useLocation } from 'react-router-dom';
import { BellRing, Printer } from 'lucide-react';
import type { CommunitySale } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { useUser, type LoginRedirectState } from '@/lib/auth';
import { Button, buttonClasses } from '@/components/ui/button';
import { printPath, useFollow } from '../api/community-sales';

/** Follow (members; a visitor is offered sign-in) and the printout, which anyone may take. */
export function CommunitySaleActions({ communitySale }: { communitySale: CommunitySale }) {
  const user = useUser();
  const location = useLocation();
  const { following, mutation } = useFollow(communitySale.id, user?.id ?? null);
  const loginState: LoginRedirectState = { from: location.pathname };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {user ? (
        <Button
          variant={following ? 'secondary' : 'primary'}
          aria-pressed={following}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(!following)}
        >
          <BellRing aria-hidden className="h-4 w-4" />
          {following ? 'Following' : 'Follow'}
        </Button>
      ) : (
        <Link to="/login" state={loginState} className={buttonClasses('primary')}>
          <BellRing aria-hidden className="h-4 w-4" />
          Sign in to Follow
        </Link>
      )}
      {/* A file download, not a screen of the app: a plain link (the router must not take it). */}
      <a href={printPath(communitySale.id)} className={buttonClasses('secondary')} target="_blank" rel="noopener">
        <Printer aria-hidden className="h-4 w-4" />
        Print
      </a>
      {mutation.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(mutation.error, 'Failed to update. Please try again.')}
        </p>
      )}
    </div>
  );
}

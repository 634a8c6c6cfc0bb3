import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { useReplayEarlyInput } from '@/lib/early-input';

/** Last resort for a screen that threw (or a chunk that failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useReplayEarlyInput(); // a screen that failed still hands its buttons back (Reload)
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Something went wrong | Garage</title>
      <h1 className="text-2xl font-bold text-gray-900">{notFound ? 'Page Not Found' : 'Something went wrong'}</h1>
      <p className="mt-2 text-gray-700">
        {notFound ? 'The page you are looking for does not exist.' : 'Please reload the page and try again.'}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClasses('secondary')}>
          Go Home
        </Link>
      </div>
    </div>
  );
}

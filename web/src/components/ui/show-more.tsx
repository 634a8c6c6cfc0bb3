import { cn } from '@/lib/cn';
import { Button } from './button';

/** What a paged list's query tells the button (react-query's infinite query has these). */
interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The button under a paged list that asks for its next page; nothing once the last page is in. */
export function ShowMore({ pages, label, className }: { pages: NextPage; label: string; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={cn('text-center', className)}>
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}

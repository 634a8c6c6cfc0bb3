import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** The button that asks again for what could not be had (a query, the browser's location). */
export function TryAgainButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <Button variant="secondary" size="sm" className={className} onClick={onClick}>
      Try Again
    </Button>
  );
}

interface QueryStatusProps {
  /** A query that has not succeeded: still pending, or failed. */
  query: { isPending: boolean; refetch: () => Promise<unknown> };
  /** What the spinner says while it loads ("Loading..." when left out). */
  loading?: string;
  /** The error's title; a Try Again button under it asks again. */
  error: string;
  /** The spinner's spacing, which depends on how much of the page it stands in for. */
  className?: string;
  /** Rendered in both states, e.g. the document's <title>. */
  children?: ReactNode;
}

/**
 * What a screen shows until its query has data: a spinner while it loads, else the error with
 * Try Again. Screens render it for `!query.isSuccess`, so past that check the data is there.
 */
export function QueryStatus({ query, loading, error, className, children }: QueryStatusProps) {
  if (query.isPending) {
    return (
      <>
        {children}
        <Spinner label={loading} className={className} />
      </>
    );
  }
  return (
    <Alert tone="error" title={error}>
      {children}
      <TryAgainButton className="mt-2" onClick={() => void query.refetch()} />
    </Alert>
  );
}

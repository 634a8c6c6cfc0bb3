import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A message in place of content; `asPageHeading` when it is all the page has (not-found screens).
 * The icon is an SVG of the set shipped with the app (lucide-react), never an emoji: emoji are
 * empty boxes on devices without an emoji font.
 */
export function EmptyState({
  title,
  children,
  icon,
  asPageHeading = false,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  asPageHeading?: boolean;
}) {
  const Heading = asPageHeading ? 'h1' : 'h2';
  return (
    // As a whole page (the not-found screens) the card has one width whatever page frame holds it.
    <div
      className={cn(
        'rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center',
        asPageHeading && 'mx-auto max-w-2xl',
      )}
    >
      {icon && (
        <div aria-hidden="true" className="mb-3 flex justify-center text-gray-500 [&>svg]:h-10 [&>svg]:w-10">
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-gray-900">{title}</Heading>
      {children && <div className="mt-2 text-sm text-gray-700">{children}</div>}
    </div>
  );
}

import type { ReactNode } from 'react';

/** A message in place of content; `asPageHeading` when it is all the page has (not-found screens). */
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
    <div className="rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      {icon && (
        <div aria-hidden="true" className="mb-3 text-4xl">
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-gray-900">{title}</Heading>
      {children && <div className="mt-2 text-sm text-gray-700">{children}</div>}
    </div>
  );
}

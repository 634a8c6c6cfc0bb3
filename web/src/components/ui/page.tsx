import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A screen's frame: the document title (React 19 hoists <title>), a heading, and the content. */
export function Page({
  title,
  heading,
  intro,
  actions,
  children,
  width = 'wide',
}: {
  /** The document title; screens that load their subject set their own and leave it out. */
  title?: string;
  heading?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'medium' | 'wide';
}) {
  const max = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-7xl' }[width];
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 lg:px-8', max)}>
      {title && <title>{`${title} | Garage`}</title>}
      {(heading || actions) && (
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div>
            {heading && <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{heading}</h1>}
            {intro && <div className="mt-1 text-gray-700">{intro}</div>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </div>
  );
}

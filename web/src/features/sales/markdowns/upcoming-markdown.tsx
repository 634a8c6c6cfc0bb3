import { TrendingDown } from 'lucide-react';
import type { Sale } from '@garage/contracts';
import { markdownText } from '@garage/contracts/constants';

/** "Half price from 1 PM Sunday": the sale's next markdown, on the sale's clock, before it starts. */
export function UpcomingMarkdown({ sale }: { sale: Pick<Sale, 'status' | 'upcoming_markdown'> }) {
  const markdown = sale.upcoming_markdown;
  if (!markdown || sale.status !== 'active') return null;
  return (
    <p
      className="flex items-center gap-2 rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-900 ring-1 ring-amber-200"
      data-testid="upcoming-markdown"
    >
      <TrendingDown aria-hidden className="h-5 w-5 shrink-0" />
      <span>
        {markdownText(markdown.percent_off, markdown.starts_at)}
        <span className="font-normal"> on everything not reserved or sold</span>
      </span>
    </p>
  );
}

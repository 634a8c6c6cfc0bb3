import type { DropOutCause } from '@garage/contracts';

const WORDS: Record<DropOutCause, string> = {
  closed_early: 'Closed early',
  likely_over: 'Likely over',
  cancelled: 'Cancelled',
};

/** "Closed early", "Likely over", "Cancelled": why a stop is out of today's route. */
export function DroppedOutBadge({ cause }: { cause: DropOutCause }) {
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300">
      {WORDS[cause]}
    </span>
  );
}

export function droppedOutWords(cause: DropOutCause): string {
  return WORDS[cause];
}

import type { LiveState, Sale } from '@garage/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useNow } from '@/hooks/use-now';
import { liveStateText } from '@/lib/live-state';

export const LIVE_STATE_TONES: Record<LiveState, BadgeTone> = {
  open: 'green',
  winding_down: 'amber',
  closed_early: 'red',
  likely_over: 'red',
  ended: 'gray',
};

/**
 * A sale's live state with how long ago it was said ("Winding down · 12 min ago"); nothing when
 * none. Shared: sale cards and pages, search results and route stops all show it.
 */
export function LiveStateBadge({ sale, className }: { sale: Pick<Sale, 'live_state' | 'live_state_at'>; className?: string }) {
  const now = useNow();
  const text = liveStateText(sale, now);
  if (!text || !sale.live_state) return null;
  return (
    <Badge tone={LIVE_STATE_TONES[sale.live_state]} className={className}>
      <span data-testid="live-state">{text}</span>
    </Badge>
  );
}

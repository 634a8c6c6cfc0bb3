import type { Sale } from '@garage/contracts';
import { Badge } from '@/components/ui/badge';
import { LIVE_STATE_TONES, liveStateText, useNow } from './live-state';

/** The sale's live state with how long ago it was said ("Winding down · 12 min ago"); nothing when none. */
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

import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

// Written out whole so Tailwind finds the classes in the source.
const WIDE = { grid: 'lg:grid', block: 'lg:block' } as const;

/**
 * Filters that fold behind a button on a phone, so the results start above the fold; from `lg`
 * up the panel always shows (and the button is hidden). `forceOpen` keeps it open (an error to see).
 */
export function usePhoneCollapse({ forceOpen = false, label = 'filters' }: { forceOpen?: boolean; label?: string } = {}) {
  const [open, setOpen] = useState(false);
  const shown = open || forceOpen;
  const panelId = useId();
  const toggle = (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      className="lg:hidden"
      aria-expanded={shown}
      aria-controls={panelId}
      onClick={() => setOpen(!shown)}
    >
      {shown ? `Hide ${label}` : `Show ${label}`}
    </Button>
  );
  /** Classes for the panel: `display` is the layout it has when shown (e.g. `grid`). */
  const panelClassName = (display: 'grid' | 'block', className?: string) => cn(className, WIDE[display], shown ? display : 'hidden');
  return { toggle, panelId, panelClassName };
}

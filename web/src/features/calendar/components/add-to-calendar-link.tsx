import { useState, type MouseEvent } from 'react';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { buttonClasses } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/calendar-icon';
import { downloadCalendar, saleCalendarPath } from '../api/download-calendar';

/**
 * "Add to calendar" on a sale's page: the sale's ICS file (its hours in its own time zone, a
 * daily event over several days). A plain download link, so it works for anyone; signed in, the
 * file is fetched with the token instead, because only then does it carry the full address.
 */
export function AddToCalendarLink({ saleId, className }: { saleId: number; className?: string }) {
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const href = saleCalendarPath(saleId);
  const filename = `garage-sale-${saleId}.ics`;

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!user) return; // the link itself downloads the visitor's file
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await downloadCalendar(href, filename);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className={cn('inline-flex flex-col', className)}>
      <a
        href={href}
        download={filename}
        type="text/calendar"
        onClick={(event) => void onClick(event)}
        aria-busy={busy || undefined}
        className={buttonClasses('secondary', 'sm')}
      >
        <CalendarIcon />
        {busy ? 'Preparing...' : 'Add to calendar'}
      </a>
      {failed && (
        <span role="alert" className="mt-1 text-sm text-red-700">
          Could not get the calendar file. Please try again.
        </span>
      )}
    </span>
  );
}

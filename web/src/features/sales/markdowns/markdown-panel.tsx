import { useState } from 'react';
import type { Markdown, Sale } from '@garage/contracts';
import { markdownText } from '@garage/contracts/constants';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { useCancelMarkdown, useMarkdowns, useScheduleMarkdown } from './api';
import { PERCENT_CHOICES, saleDates, saleTimes } from './markdown-choices';

const STATUS_TEXT: Record<Markdown['status'], string> = { scheduled: 'Scheduled', applied: 'Applied', cancelled: 'Cancelled' };

/**
 * The host's "Schedule a markdown": a sale-wide cut at a day and time of the sale, on its own clock
 * (the server checks the moment is one of its days and hours and still ahead), and the markdowns so
 * far, each scheduled one with Cancel.
 */
export function MarkdownPanel({ sale }: { sale: Sale }) {
  const dates = saleDates(sale.start_date, sale.end_date);
  const times = saleTimes(sale.start_time, sale.end_time);
  const [percent, setPercent] = useState(50);
  const [date, setDate] = useState(dates[dates.length - 1] ?? sale.start_date);
  const [time, setTime] = useState(times[Math.floor(times.length / 2)] ?? sale.start_time);
  const markdowns = useMarkdowns(sale.id);
  const schedule = useScheduleMarkdown();
  const cancel = useCancelMarkdown();

  return (
    <section aria-labelledby="markdown-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="markdown-heading" className="text-lg font-semibold text-gray-900">
        Schedule a markdown
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Cut every item not reserved or sold at a time you choose. Shoppers see it on the sale page beforehand, and those following the sale
        are told once.
      </p>
      <form
        className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          schedule.mutate({ saleId: sale.id, percentOff: percent, startsAt: `${date}T${time}` });
        }}
      >
        <SelectField label="Percent off" value={percent} onChange={(event) => setPercent(Number(event.target.value))}>
          {PERCENT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice} %
            </option>
          ))}
        </SelectField>
        <SelectField label="Day" value={date} onChange={(event) => setDate(event.target.value)}>
          {dates.map((choice) => (
            <option key={choice} value={choice}>
              {formatDate(choice).replace(/, \d{4}$/, '')}
            </option>
          ))}
        </SelectField>
        <SelectField label="Time" value={time} onChange={(event) => setTime(event.target.value)}>
          {times.map((choice) => (
            <option key={choice} value={choice}>
              {formatTime(choice)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={schedule.isPending} className="min-h-10">
          {schedule.isPending ? 'Scheduling...' : 'Schedule'}
        </Button>
      </form>
      {schedule.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(schedule.error, 'Could not schedule the markdown. Please try again.')}
        </p>
      )}
      {cancel.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(cancel.error, 'Could not cancel the markdown. Please try again.')}
        </p>
      )}
      {markdowns.data && markdowns.data.length > 0 && (
        <ul className="mt-4 divide-y divide-gray-200" aria-label="Markdowns">
          {markdowns.data.map((markdown) => (
            <li key={markdown.id} className="flex items-center justify-between gap-3 py-2">
              <span className={markdown.status === 'cancelled' ? 'text-gray-500 line-through' : 'text-gray-900'}>
                {markdownText(markdown.percentOff, markdown.startsAt)}
                <span className="ml-2 text-xs text-gray-600">{STATUS_TEXT[markdown.status]}</span>
              </span>
              {markdown.status === 'scheduled' && (
                <Button
                  variant="secondary"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(markdown.id)}
                  aria-label={`Cancel ${markdownText(markdown.percentOff, markdown.startsAt)}`}
                >
                  Cancel
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

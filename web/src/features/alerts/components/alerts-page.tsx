import { useId, useState } from 'react';
import type { Alert as AlertItem, AlertSettings } from '@garage/contracts';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { ShowMore } from '@/components/ui/show-more';
import {
  useAlertPages,
  useAlertSettings,
  useMarkAlertRead,
  useMarkAllAlertsRead,
  useUnreadCount,
  useUpdateAlertSettings,
} from '../api/alerts';
import { AlertEntry } from './alert-entry';
import { BellIcon } from './alerts-bell';

/** Each email setting says exactly which alerts it emails (the bell gets every alert either way). */
const EMAIL_SETTINGS: Array<{ key: keyof AlertSettings; label: string }> = [
  {
    key: 'saleUpdateEmails',
    label:
      'Email me when a sale I saved or planned, or a community sale I follow, is cancelled or changes its dates or hours, and when an item I saved or a sale I saved or planned drops a price',
  },
  {
    key: 'dropOutEmails',
    label:
      'Email me when a sale I saved, planned for today or follow through its community sale closes early, is cancelled on the day or is reported over by shoppers',
  },
  { key: 'offerEmails', label: 'Email me when a seller or shopper answers one of my offers' },
];

function EmailSettings() {
  const settings = useAlertSettings();
  const update = useUpdateAlertSettings();
  const hintId = useId();
  if (settings.isPending || settings.isError) return null;
  const shown = update.isPending ? update.variables : settings.data;
  return (
    <section aria-labelledby="alert-email-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="alert-email-heading" className="text-lg font-semibold text-gray-900">
        Email
      </h2>
      {EMAIL_SETTINGS.map(({ key, label }) => (
        <label key={key} className="mt-3 flex items-start gap-3 text-sm text-gray-900">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-blue-700"
            checked={shown[key]}
            disabled={update.isPending}
            aria-describedby={hintId}
            onChange={(event) => update.mutate({ ...shown, [key]: event.target.checked })}
          />
          <span>{label}</span>
        </label>
      ))}
      <p id={hintId} className="mt-2 text-xs text-gray-600">
        Every alert is in the app either way. Emails about saved searches are set per search on the Saved Searches page. Every email has a
        one-click unsubscribe link.
      </p>
      {update.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The setting could not be saved. Please try again.
        </p>
      )}
    </section>
  );
}

/** /alerts: every alert, newest first, in pages; all or unread only; mark read; the email setting. */
export function AlertsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const pages = useAlertPages(unreadOnly);
  const unread = useUnreadCount();
  const markRead = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();
  const count = unread.data?.unreadCount ?? 0;
  const alerts: AlertItem[] = pages.data?.pages.flatMap((page) => page.alerts) ?? [];
  const onOpen = (alert: AlertItem) => {
    if (!alert.read) markRead.mutate(alert.id);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label="Show" className="inline-flex rounded-md shadow-sm">
            {[false, true].map((option) => (
              <button
                key={String(option)}
                type="button"
                aria-pressed={unreadOnly === option}
                onClick={() => setUnreadOnly(option)}
                className={cn(
                  'border border-gray-300 px-4 py-2 text-sm font-medium first:rounded-l-md last:rounded-r-md',
                  unreadOnly === option ? 'border-blue-700 bg-blue-700 text-white' : 'bg-white text-gray-800 hover:bg-gray-100',
                )}
              >
                {option ? `Unread (${count})` : 'All'}
              </button>
            ))}
          </div>
          <Button variant="secondary" size="sm" onClick={() => markAll.mutate()} disabled={count === 0 || markAll.isPending}>
            Mark all read
          </Button>
        </div>
        {!pages.isSuccess ? (
          <QueryStatus query={pages} loading="Loading alerts..." error="Failed to load your alerts" className="py-16" />
        ) : alerts.length === 0 ? (
          <EmptyState
            title={unreadOnly ? 'No unread alerts' : 'No alerts yet'}
            icon={<BellIcon className="mx-auto h-10 w-10 text-gray-500" />}
          >
            <p>
              Alerts tell you when an item matching a saved search is listed, and when a sale you saved or planned is cancelled or changes
              its dates or hours.
            </p>
          </EmptyState>
        ) : (
          <>
            <ul aria-label="Alerts" className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
              {alerts.map((alert) => (
                <li key={alert.id}>
                  <AlertEntry alert={alert} onOpen={onOpen} />
                </li>
              ))}
            </ul>
            <ShowMore pages={pages} label="Show older alerts" />
          </>
        )}
      </div>
      <div>
        <EmailSettings />
      </div>
    </div>
  );
}

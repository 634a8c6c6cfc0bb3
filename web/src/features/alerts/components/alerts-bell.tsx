import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Alert } from '@garage/contracts';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useMarkAlertRead, useMarkAllAlertsRead, useRecentAlerts, useUnreadCount } from '../api/alerts';
import { AlertEntry } from './alert-entry';

export function BellIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20a2 2 0 0 0 4 0" />
    </svg>
  );
}

/**
 * The header's bell: the unread count (polled every minute and on focus) and, when pressed, a
 * panel with the newest alerts, "Mark all read" and a way to all of them. A disclosure: the panel
 * follows the button in the tab order, Escape or a click outside closes it and focus goes back to
 * the bell.
 */
export function AlertsBell({ className }: { className?: string }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount();
  const recent = useRecentAlerts({ enabled: open });
  const markRead = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) return null;

  const count = unread.data?.unreadCount ?? 0;
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };
  // Tabbing past the panel's last link closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
  };
  const onOpenAlert = (alert: Alert) => {
    if (!alert.read) markRead.mutate(alert.id);
    setOpen(false);
  };

  const alerts = recent.data?.alerts ?? [];
  return (
    <div ref={rootRef} className={cn('relative', className)} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={count > 0 ? `Alerts, ${count} unread` : 'Alerts'}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex items-center justify-center rounded-full p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <BellIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          className="fixed inset-x-4 top-16 z-[1100] overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-[22rem]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-4 py-3">
            <h2 id={headingId} className="text-base font-semibold text-gray-900">
              Alerts
            </h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={count === 0 || markAll.isPending}
              className="text-sm font-semibold text-blue-700 hover:underline disabled:cursor-not-allowed disabled:text-gray-500 disabled:no-underline"
            >
              Mark all read
            </button>
          </div>
          {recent.isPending ? (
            <p role="status" className="px-4 py-6 text-center text-sm text-gray-700">
              Loading alerts...
            </p>
          ) : recent.isError ? (
            <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
              Alerts could not be loaded.
            </p>
          ) : alerts.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-gray-700">
              No alerts yet. Save a search or a sale and we&apos;ll tell you what changes.
            </p>
          ) : (
            <ul aria-labelledby={headingId} className="max-h-96 divide-y divide-gray-100 overflow-y-auto">
              {alerts.map((alert) => (
                <li key={alert.id}>
                  <AlertEntry alert={alert} onOpen={onOpenAlert} compact />
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-gray-200 px-4 py-3 text-center">
            <Link to="/alerts" onClick={() => setOpen(false)} className="text-sm font-semibold text-blue-700 hover:underline">
              See all alerts
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

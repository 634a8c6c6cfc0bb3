import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

interface ModalProps {
  open: boolean;
  /** "alertdialog" for a confirmation that interrupts; "dialog" for a form. */
  role: 'dialog' | 'alertdialog';
  title: ReactNode;
  /** The id of the element that says what the dialog is about, when there is one. */
  describedBy?: string;
  /** While busy (a request on its way), Escape does not close it. */
  busy?: boolean;
  onClose: () => void;
  /** The panel's size. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog over the page: focus moves to its first control (a text field's words selected,
 * so typing replaces them), Tab stays inside, Escape closes it, and focus goes back to the
 * control that opened it.
 */
export function Modal({ open, role, title, describedBy, busy = false, onClose, className, children }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const first = panelRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    if (first instanceof HTMLInputElement) first.select();
    return () => opener?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-[2000] flex items-center justify-center bg-gray-900/60 p-4" onKeyDown={onKeyDown}>
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className={cn('w-full rounded-lg bg-white p-6 shadow-xl', className)}
      >
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

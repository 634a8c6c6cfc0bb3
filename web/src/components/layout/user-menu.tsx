import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@garage/contracts';
import { Badge } from '@/components/ui/badge';

/**
 * The account menu (menu-button pattern): Enter, Space or ArrowDown opens it on the first item,
 * arrows, Home and End move, Escape closes it and returns focus to the button, Tab leaves it.
 */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAndFocus = (which: 'first' | 'last') => {
    setOpen(true);
    requestAnimationFrame(() => {
      const list = items();
      (which === 'first' ? list[0] : list[list.length - 1])?.focus();
    });
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAndFocus('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const itemClass = 'block w-full px-4 py-2 text-left text-sm text-gray-800 hover:bg-gray-100 focus:bg-gray-100';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100"
      >
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white">
          {user.firstName.charAt(0).toUpperCase()}
        </span>
        <span>{user.firstName}</span>
        {user.isPremium && <Badge tone="purple">Premium</Badge>}
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
        <span className="sr-only">account menu</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-[1100] mt-2 w-56 overflow-hidden rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          <Link role="menuitem" tabIndex={-1} to="/profile" className={itemClass} onClick={() => close(false)}>
            Profile Settings
          </Link>
          {[
            { to: '/saved', label: 'Saved' },
            { to: '/my-reservations', label: 'My Reservations' },
            { to: '/offers', label: 'Offers' },
            { to: '/saved-searches', label: 'Saved Searches' },
            { to: '/plan', label: 'Route Planner' },
            { to: '/community-sales', label: 'Community Sales' },
            { to: '/organize', label: 'Organise a Community Sale' },
          ].map((link) => (
            <Link key={link.to} role="menuitem" tabIndex={-1} to={link.to} className={itemClass} onClick={() => close(false)}>
              {link.label}
            </Link>
          ))}
          {!user.isPremium && (
            <Link role="menuitem" tabIndex={-1} to="/subscribe" className={itemClass} onClick={() => close(false)}>
              Upgrade to Premium
            </Link>
          )}
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={`${itemClass} border-t border-gray-100`}
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}

import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { logout, useUser, type LoginRedirectState } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { UserMenu } from './user-menu';

const publicLinks = [
  { to: '/sales', label: 'Browse Garage Sales' },
  { to: '/search', label: 'Search for Items' },
  { to: '/community-sales', label: 'Community Sales' },
];
/** A member's desktop header has no room for a fifth link: Community Sales is in their account menu. */
const memberDesktopPublicLinks = publicLinks.filter((link) => link.to !== '/community-sales');
const memberLinks = [
  { to: '/my-sales', label: 'My Garage Sales' },
  { to: '/my-items', label: 'My Items' },
];

/**
 * The phone menu in groups (shopping, hosting, planning, account), so a long list reads at a
 * glance; the same destinations as the desktop header and its account menu.
 */
function mobileGroups(user: ReturnType<typeof useUser>) {
  const shop = { id: 'shop', title: 'Shop', links: publicLinks };
  if (!user) {
    return [
      shop,
      {
        id: 'account',
        title: 'Account',
        links: [
          { to: '/login', label: 'Sign In' },
          { to: '/register', label: 'Get Started' },
        ],
      },
    ];
  }
  return [
    { ...shop, links: [...publicLinks, { to: '/my-reservations', label: 'My Reservations' }] },
    {
      id: 'host',
      title: 'Host',
      links: [...memberLinks, { to: '/create-sale', label: 'Host a Garage Sale' }, { to: '/organize', label: 'Organise a Community Sale' }],
    },
    {
      id: 'plan',
      title: 'Plan',
      links: [
        { to: '/saved', label: 'Saved' },
        { to: '/saved-searches', label: 'Saved Searches' },
        { to: '/plan', label: 'Route Planner' },
        { to: '/alerts', label: 'Alerts' },
      ],
    },
    {
      id: 'account',
      title: 'Account',
      links: [
        { to: '/profile', label: 'Profile Settings' },
        ...(user.isPremium ? [] : [{ to: '/subscribe', label: 'Upgrade to Premium' }]),
      ],
    },
  ];
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-blue-50 text-blue-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  );

/**
 * My Reservations, one tap from any screen at any width: the pickup code is what a shopper
 * reaches for at the sale, phone in hand.
 */
function ReservationsLink({ className }: { className?: string }) {
  return (
    <NavLink
      to="/my-reservations"
      aria-label="My Reservations"
      title="My Reservations"
      className={({ isActive }) =>
        cn(
          'inline-flex items-center justify-center rounded-full p-2 hover:bg-gray-100 hover:text-gray-900',
          isActive ? 'bg-blue-50 text-blue-800' : 'text-gray-700',
          className,
        )
      }
    >
      {/* A ticket: what the shopper shows at the sale. */}
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
        <path d="M14 6v12" strokeDasharray="2 2" />
      </svg>
    </NavLink>
  );
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-bold text-blue-800">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#1d4ed8" />
        <path d="M6 15 16 7l10 8v10H6z" fill="#fff" />
        <rect x="10" y="17" width="12" height="8" fill="#1d4ed8" />
      </svg>
      Garage
    </Link>
  );
}

export interface HeaderProps {
  /**
   * What signed-in users see next to their menu (the app passes the alerts bell): shared layout
   * never imports a feature, so the app composes them.
   */
  notifications?: ComponentType<{ className?: string }>;
}

export function Header({ notifications: Notifications }: HeaderProps = {}) {
  const user = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // A followed link closes the mobile menu.
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const signOut = () => {
    logout();
    navigate('/');
  };

  const onMobileKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setMobileOpen(false);
      menuButtonRef.current?.focus();
    }
  };

  const links = user ? [...memberDesktopPublicLinks, ...memberLinks] : publicLinks;
  // Signing in from the header comes back to the page the visitor was on.
  const loginState: LoginRedirectState = { from: `${location.pathname}${location.search}` };

  // Above the maps: Leaflet's controls (zoom, attribution) sit at z-index 1000 and would scroll over it.
  return (
    <header className="sticky top-0 z-[1100] border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <>
              <Link to="/create-sale" className={buttonClasses('primary', 'sm')}>
                Host a Garage Sale
              </Link>
              <ReservationsLink />
              {Notifications && <Notifications />}
              <UserMenu user={user} onSignOut={signOut} />
            </>
          ) : (
            <>
              <Link to="/login" state={loginState} className={buttonClasses('ghost', 'sm')}>
                Sign In
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                Get Started
              </Link>
            </>
          )}
        </div>
        {user && (
          <div className="ml-auto flex items-center lg:hidden">
            <ReservationsLink />
            {Notifications && <Notifications />}
          </div>
        )}
        <button
          ref={menuButtonRef}
          type="button"
          className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            {mobileOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
          Menu
        </button>
      </div>
      {mobileOpen && (
        <div id="mobile-menu" className="border-t border-gray-200 bg-white lg:hidden" onKeyDown={onMobileKeyDown}>
          <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {user && (
              <p className="flex items-center gap-2 px-3 py-2 text-sm text-gray-700">
                Signed in as <span className="font-semibold text-gray-900">{user.firstName}</span>
                {user.isPremium && <Badge tone="purple">Premium</Badge>}
              </p>
            )}
            {mobileGroups(user).map((group) => (
              <div
                key={group.title}
                role="group"
                aria-labelledby={`mobile-group-${group.id}`}
                className="border-t border-gray-100 pt-2 first:border-t-0 first:pt-0"
              >
                <p id={`mobile-group-${group.id}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600">
                  {group.title}
                </p>
                {group.links.map((link) => (
                  <NavLink
                    key={link.to}
                    to={link.to}
                    state={link.to === '/login' ? loginState : undefined}
                    className={(state) => cn(navLinkClass(state), 'block')}
                  >
                    {link.label}
                  </NavLink>
                ))}
              </div>
            ))}
            {user && (
              <button
                type="button"
                onClick={signOut}
                className="rounded-md border-t border-gray-100 px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100"
              >
                Sign Out
              </button>
            )}
          </nav>
        </div>
      )}
    </header>
  );
}

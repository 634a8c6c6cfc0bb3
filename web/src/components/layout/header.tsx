import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { logout, useUser, type LoginRedirectState } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { UserMenu } from './user-menu';

const publicLinks = [
  { to: '/sales', label: 'Browse Garage Sales' },
  { to: '/search', label: 'Search for Items' },
];
const memberLinks = [
  { to: '/my-sales', label: 'My Garage Sales' },
  { to: '/my-items', label: 'My Items' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-blue-50 text-blue-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  );

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

export function Header() {
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

  const links = user ? [...publicLinks, ...memberLinks] : publicLinks;
  // Signing in from the header comes back to the page the visitor was on.
  const loginState: LoginRedirectState = { from: `${location.pathname}${location.search}` };

  return (
    <header className="sticky top-0 z-[1000] border-b border-gray-200 bg-white/95 backdrop-blur">
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
              <AlertsBell />
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
        {user && <AlertsBell className="ml-auto lg:hidden" />}
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
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
            {user ? (
              <>
                <NavLink to="/create-sale" className={navLinkClass}>
                  Host a Garage Sale
                </NavLink>
                <NavLink to="/profile" className={navLinkClass}>
                  Profile Settings
                </NavLink>
                <NavLink to="/saved" className={navLinkClass}>
                  Saved
                </NavLink>
                <NavLink to="/saved-searches" className={navLinkClass}>
                  Saved Searches
                </NavLink>
                <NavLink to="/plan" className={navLinkClass}>
                  Route Planner
                </NavLink>
                <NavLink to="/alerts" className={navLinkClass}>
                  Alerts
                </NavLink>
                {!user.isPremium && (
                  <NavLink to="/subscribe" className={navLinkClass}>
                    Upgrade to Premium
                  </NavLink>
                )}
                <button
                  type="button"
                  onClick={signOut}
                  className="rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100"
                >
                  Sign Out
                </button>
              </>
            ) : (
              <>
                <NavLink to="/login" state={loginState} className={navLinkClass}>
                  Sign In
                </NavLink>
                <NavLink to="/register" className={navLinkClass}>
                  Get Started
                </NavLink>
              </>
            )}
          </nav>
        </div>
      )}
    </header>
  );
}

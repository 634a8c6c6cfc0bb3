import { Link } from 'react-router-dom';

export const SUPPORT_EMAIL = 'support@garage.example';

const quickLinks = [
  { to: '/sales', label: 'Browse Garage Sales' },
  { to: '/search', label: 'Search for Items' },
  { to: '/create-sale', label: 'Host a Garage Sale' },
  { to: '/subscribe', label: 'Premium Membership' },
  { to: '/help', label: 'How It Works' },
];

export function Footer() {
  return (
    <footer className="mt-auto border-t border-gray-200 bg-gray-900 text-gray-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <p className="text-lg font-bold text-white">Garage</p>
          <p className="mt-2 max-w-md text-sm text-gray-300">
            Find garage sales near you, search their items before you go, and host your own sale in minutes.
          </p>
          <ul className="mt-4 flex flex-wrap gap-4 text-sm" aria-label="Why shoppers trust us">
            <li className="rounded-md bg-gray-800 px-3 py-2">
              <span className="font-bold text-white">10,000+</span> shoppers
            </li>
            <li className="rounded-md bg-gray-800 px-3 py-2">
              <span aria-hidden="true" className="text-amber-300">
                ★{' '}
              </span>
              <span className="font-bold text-white">4.8/5</span> average rating
            </li>
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-gray-300 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Support</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className="text-gray-300 hover:text-white hover:underline">
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li>
              <Link to="/help" className="text-gray-300 hover:text-white hover:underline">
                Help Center
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="text-gray-300 hover:text-white hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="text-gray-300 hover:text-white hover:underline">
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
      {/* The prerendered pages carry the year they were built in: past New Year, until the next
          build, hydration keeps that year rather than failing the whole page on one word. */}
      <div className="border-t border-gray-800 py-4 text-center text-xs text-gray-400" suppressHydrationWarning>
        © {new Date().getFullYear()} Garage. All rights reserved.
      </div>
    </footer>
  );
}

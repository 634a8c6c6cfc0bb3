import { Link } from 'react-router-dom';
import { Check, Map as MapIcon, Search, Tag } from 'lucide-react';
import { useUser } from '@/lib/auth';
import { LinkButton } from '@/components/ui/button';
import { CommunitySalesStrip } from '@/features/community-sales/components/community-sales-strip';
import { HeroPhotos } from '@/features/sales/components/hero-photos';

const benefits = [
  {
    icon: MapIcon,
    title: 'Find sales near you',
    text: 'See every garage sale around you on a map, with dates, hours and what is for sale.',
  },
  {
    icon: Search,
    title: 'Search before you go',
    text: 'Look for a bike, a lamp or a record player across all sales and go straight to the right one.',
  },
  {
    icon: Tag,
    title: 'Host in minutes',
    text: 'List your sale and items with photos for free and reach shoppers in your neighborhood.',
  },
];

export default function LandingRoute() {
  const user = useUser();
  return (
    <>
      <title>Garage: find garage sales near you</title>
      <section className="bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-800 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
          <div>
            <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Find amazing deals at garage sales near you</h1>
            <p className="mt-5 max-w-2xl text-lg text-blue-50">
              Browse local garage sales on a map, search their items before you leave home, and host your own sale in minutes.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <LinkButton to="/sales" size="lg" variant="inverse">
                Browse Garage Sales
              </LinkButton>
              {user ? (
                <LinkButton to="/create-sale" size="lg" variant="outline-inverse">
                  Host a Garage Sale
                </LinkButton>
              ) : (
                <LinkButton to="/register" size="lg" variant="outline-inverse">
                  Get Started Free
                </LinkButton>
              )}
            </div>
          </div>
          <HeroPhotos />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8 empty:hidden">
        <CommunitySalesStrip />
      </div>

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold text-gray-900">
          Why shoppers and hosts use Garage
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {benefits.map(({ icon: Icon, ...benefit }) => (
            <li key={benefit.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
                <Icon aria-hidden className="h-7 w-7" />
              </span>
              <h3 className="mt-3 text-lg font-semibold text-gray-900">{benefit.title}</h3>
              <p className="mt-2 text-gray-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="premium-heading" className="bg-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-purple-700">Garage Premium</p>
            <h2 id="premium-heading" className="mt-2 text-3xl font-bold text-gray-900">
              Get there first for $1.99 a year
            </h2>
            <p className="mt-3 text-gray-700">
              Reserve items and pay in advance, save searches with alerts, search up to 100 miles and plan multi-stop routes. Less than 17
              cents a month, cancel anytime, with a 30-day money-back guarantee.
            </p>
            <LinkButton to="/subscribe" variant="premium" className="mt-6">
              See Premium
            </LinkButton>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {['Reserve & pay in advance', 'Saved searches & alerts', 'Up to 100-mile radius', 'Priority support'].map((perk) => (
              <li key={perk} className="flex items-center gap-2 rounded-lg bg-purple-50 p-4 font-medium text-purple-900">
                <Check aria-hidden className="h-5 w-5 shrink-0" />
                {perk}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {!user && (
        <section className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 className="text-3xl font-bold text-gray-900">Ready to find your next treasure?</h2>
          <p className="mt-3 text-gray-700">Join thousands of shoppers and hosts. It is free.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <LinkButton to="/register" size="lg">
              Create a Free Account
            </LinkButton>
            <Link to="/login" className="self-center font-semibold text-blue-700 hover:underline">
              I already have an account
            </Link>
          </div>
        </section>
      )}
    </>
  );
}

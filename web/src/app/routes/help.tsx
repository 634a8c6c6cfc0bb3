import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { SUPPORT_EMAIL } from '@/components/layout/footer';

const shopperSteps = [
  'Open Browse Garage Sales and allow location access to see sales near you, on the map or as a list.',
  'Filter by dates, hours and distance. Sign in to see the full address and the host.',
  'Use Search for Items to find a specific thing across all active sales.',
  'Premium members can reserve an item and pay upfront, then collect it during the sale hours.',
];

const hostSteps = [
  'Create a free account, then choose Host a Garage Sale.',
  'Enter the title, address, dates and hours. Shoppers see only your city and state until they sign in.',
  'Add items with up to 5 photos each; the first photo is the main one. Existing items can be added to a new sale.',
  'Mark items as reserved or sold as the day goes on, from My Items or the item page.',
];

export default function HelpRoute() {
  return (
    <Page title="How It Works" heading="How Garage Works" intro="Everything you need to shop or host." width="medium">
      <div className="space-y-10 text-gray-800">
        <section aria-labelledby="shoppers">
          <h2 id="shoppers" className="text-xl font-semibold text-gray-900">
            For shoppers
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            {shopperSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="hosts">
          <h2 id="hosts" className="text-xl font-semibold text-gray-900">
            For hosts
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            {hostSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="premium">
          <h2 id="premium" className="text-xl font-semibold text-gray-900">
            Premium
          </h2>
          <p className="mt-3">
            Premium costs $1.99 per year and adds reservations, saved searches with alerts, a 100-mile search radius, route planning and
            priority support.{' '}
            <Link to="/subscribe" className="font-semibold text-blue-700 hover:underline">
              Learn more
            </Link>
            .
          </p>
        </section>
        <section aria-labelledby="contact">
          <h2 id="contact" className="text-xl font-semibold text-gray-900">
            Still need help?
          </h2>
          <p className="mt-3">
            Write to{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-blue-700 hover:underline">
              {SUPPORT_EMAIL}
            </a>
            . We answer within 24 hours.
          </p>
        </section>
      </div>
    </Page>
  );
}

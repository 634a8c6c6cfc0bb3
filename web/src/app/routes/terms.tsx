import { Page } from '@/components/ui/page';

export default function TermsRoute() {
  return (
    <Page title="Terms of Service" heading="Terms of Service" intro="The rules for using Garage." width="medium">
      <div className="space-y-6 text-gray-800">
        <section>
          <h2 className="text-lg font-semibold text-gray-900">Using Garage</h2>
          <p className="mt-2">
            Garage connects people who host garage sales with people who shop them. Sales happen between hosts and shoppers; Garage is not a
            party to them and does not own or inspect the items.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-gray-900">Listings</h2>
          <p className="mt-2">
            Hosts list only items they may sell, describe them honestly and keep their listings up to date (reserved, sold, cancelled
            sales). Illegal, recalled or dangerous goods are not allowed.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-gray-900">Premium membership</h2>
          <p className="mt-2">
            Premium costs $1.99 per year, paid in advance. You may cancel anytime and ask for a full refund within 30 days of payment.
            Reservations are paid upfront and collected during sale hours.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-gray-900">Your account</h2>
          <p className="mt-2">Keep your password safe. We may suspend accounts that break these terms or harm other members.</p>
        </section>
      </div>
    </Page>
  );
}

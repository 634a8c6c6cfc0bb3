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
          <h2 className="text-lg font-semibold text-gray-900">Reservations and refunds</h2>
          <p className="mt-2">
            A reservation holds an item for a short time (15 minutes unless stated otherwise) while you pay; if it is not paid by then, the
            hold ends, the item is free for others and nothing is charged. A paid reservation gets a pickup code; the host hands the item
            over against that code during the sale hours, and the amount is then paid out to the host.
          </p>
          <p className="mt-2">
            A paid reservation is refunded in full, automatically, when the host cancels or deletes the sale, removes the item from the sale
            or deletes it, or marks it sold to someone else; when you cancel it before the sale starts; or when it is not collected by the
            end of the sale. After the sale has started a reservation can no longer be cancelled by the shopper. You are told of every
            refund in the app and by email. After collecting an item you may rate the host once.
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

import { Bell, Car, MapPin, MessageCircle, Route, ShoppingCart } from 'lucide-react';
import { MONEY_BACK_DAYS, SUPPORT_RESPONSE_HOURS } from '@garage/contracts/constants';

export const PREMIUM_FEATURES = [
  {
    icon: ShoppingCart,
    title: 'Reserve & Pay in Advance',
    text: 'Reserve items before the sale opens. Reservations are paid upfront and collected during sale hours.',
  },
  { icon: Bell, title: 'Saved Searches & Alerts', text: 'Save what you are looking for and get an alert when it shows up nearby.' },
  { icon: MapPin, title: 'Wider Search Radius', text: 'Search up to 100 miles away instead of 50.' },
  { icon: Route, title: 'Route Optimization', text: 'Plan the fastest route through the sales you want to visit.' },
  { icon: Car, title: 'Multi-Stop Planning', text: 'Line up several sales in one trip and never miss an opening time.' },
  {
    icon: MessageCircle,
    title: 'Priority Support',
    text: `Jump the queue: we answer premium members within ${SUPPORT_RESPONSE_HOURS} hours.`,
  },
] as const;

export const PREMIUM_FAQ = [
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Premium renews once a year until you cancel, with a reminder 7 days before. Cancel whenever you like in Profile Settings; you keep premium until the end of the paid year, and can resume until then.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: `Yes. If premium is not for you, use "Cancel and refund" in Profile Settings within ${MONEY_BACK_DAYS} days for a full refund, no questions asked.`,
  },
  {
    question: 'How do reservations work?',
    answer:
      'Reserve an item from search results and pay for it upfront. The seller holds it for you, and you collect it during the sale hours.',
  },
  {
    question: 'When is a reservation refunded?',
    answer:
      'A reservation holds the item for 15 minutes while you pay; unpaid, it ends and nothing is charged. Once paid, you get a pickup code to show the host. You get a full refund, automatically, if the host cancels or deletes the sale, removes or deletes the item, or sells it to someone else; if you cancel before the sale starts; or if the item is not collected by the end of the sale. After a pickup you may rate the host once.',
  },
  {
    question: 'How fast is support?',
    answer: `Premium members get an answer within ${SUPPORT_RESPONSE_HOURS} hours.`,
  },
] as const;

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { ProtectedRoute } from '@/lib/auth';
import { useReplayEarlyInput } from '@/lib/early-input';
import { RootLayout } from '@/components/layout/root-layout';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { MessagesLink } from '@/features/messages/components/messages-link';
import { RouteError } from '@/components/layout/route-error';
import { Spinner } from '@/components/ui/spinner';

/** The header's signed-in corner: messages, then the alerts bell. */
function HeaderNotices() {
  return (
    <>
      <MessagesLink />
      <AlertsBell />
    </>
  );
}

/** Every screen is its own chunk; the shell (header, footer, session) is all a first visit loads. */
const loaders = {
  landing: () => import('./routes/landing'),
  login: () => import('./routes/auth/login'),
  register: () => import('./routes/auth/register'),
  browseSales: () => import('./routes/sales/browse'),
  saleDetail: () => import('./routes/sales/detail'),
  createSale: () => import('./routes/sales/create'),
  editSale: () => import('./routes/sales/edit'),
  mySales: () => import('./routes/sales/my-sales'),
  search: () => import('./routes/search'),
  itemDetail: () => import('./routes/items/detail'),
  addItem: () => import('./routes/items/create'),
  editItem: () => import('./routes/items/edit'),
  myItems: () => import('./routes/items/my-items'),
  profile: () => import('./routes/profile'),
  subscribe: () => import('./routes/subscribe'),
  help: () => import('./routes/help'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
  // Premium planning tools (favourites, alerts, saved searches, route plans).
  saved: () => import('./routes/saved'),
  alerts: () => import('./routes/alerts'),
  savedSearches: () => import('./routes/saved-searches'),
  routePlanner: () => import('./routes/plans/planner'),
  routePlans: () => import('./routes/plans/list'),
  routePlan: () => import('./routes/plans/detail'),
  routePlanPrint: () => import('./routes/plans/print'),
  // Paid reservations: the shopper's list and the host's list per sale.
  myReservations: () => import('./routes/reservations/mine'),
  saleReservations: () => import('./routes/reservations/sale'),
  // Community sales: one area's sale day (its page is public), the list near you, organising one.
  communitySale: () => import('./routes/community-sales/detail'),
  communitySales: () => import('./routes/community-sales/list'),
  organizeCommunitySale: () => import('./routes/community-sales/organize'),
  editCommunitySale: () => import('./routes/community-sales/edit'),
  // Messages between a shopper and a host.
  messages: () => import('./routes/messages/list'),
  conversation: () => import('./routes/messages/thread'),
  // Offers on items: the shopper's and the host's.
  offers: () => import('./routes/offers'),
  notFound: () => import('./routes/not-found'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;
type ScreenName = keyof typeof loaders;
const screens: Partial<Record<ScreenName, LazyExoticComponent<ComponentType>>> = {};

function screen(name: ScreenName): Pick<RouteObject, 'element' | 'handle'> {
  const Screen = (screens[name] ??= lazy(loaders[name]));
  return {
    element: (
      <Suspense fallback={<Spinner className="py-24" />}>
        <Screen />
        <ScreenLive />
      </Suspense>
    ),
    handle: { screen: name },
  };
}

/** Renders nothing; mounts with its screen, when taps made before the app was live are replayed. */
function ScreenLive() {
  useReplayEarlyInput();
  return null;
}

function SignedInOnly() {
  return (
    <ProtectedRoute>
      <Outlet />
    </ProtectedRoute>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout notifications={HeaderNotices} />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...screen('landing') },
      { path: 'login', ...screen('login') },
      { path: 'register', ...screen('register') },
      { path: 'sales', ...screen('browseSales') },
      { path: 'sales/:id', ...screen('saleDetail') },
      { path: 'search', ...screen('search') },
      { path: 'items/:id', ...screen('itemDetail') },
      { path: 'subscribe', ...screen('subscribe') },
      { path: 'help', ...screen('help') },
      { path: 'privacy', ...screen('privacy') },
      { path: 'terms', ...screen('terms') },
      { path: 'community-sales', ...screen('communitySales') },
      { path: 'community-sales/:id', ...screen('communitySale') },
      {
        element: <SignedInOnly />,
        children: [
          { path: 'create-sale', ...screen('createSale') },
          { path: 'sales/:id/edit', ...screen('editSale') },
          { path: 'my-sales', ...screen('mySales') },
          { path: 'my-items', ...screen('myItems') },
          { path: 'profile', ...screen('profile') },
          { path: 'sales/:saleId/add-item', ...screen('addItem') },
          { path: 'create-item', ...screen('addItem') },
          { path: 'items/:id/edit', ...screen('editItem') },
          { path: 'saved', ...screen('saved') },
          { path: 'alerts', ...screen('alerts') },
          { path: 'saved-searches', ...screen('savedSearches') },
          { path: 'plan', ...screen('routePlanner') },
          { path: 'plans', ...screen('routePlans') },
          { path: 'plan/:id', ...screen('routePlan') },
          { path: 'plan/:id/print', ...screen('routePlanPrint') },
          { path: 'my-reservations', ...screen('myReservations') },
          { path: 'sales/:id/reservations', ...screen('saleReservations') },
          { path: 'organize', ...screen('organizeCommunitySale') },
          { path: 'community-sales/:id/edit', ...screen('editCommunitySale') },
          { path: 'messages', ...screen('messages') },
          { path: 'messages/:id', ...screen('conversation') },
          { path: 'offers', ...screen('offers') },
        ],
      },
      { path: '*', ...screen('notFound') },
    ],
  },
];

/**
 * Starts downloading the screen of the address being opened as soon as the router has matched it,
 * not after React has rendered down to its lazy element: on a phone that saves the whole first
 * render. Takes the router's own matches: matching the table a second time costs a slow phone
 * tens of milliseconds.
 */
export function preloadScreen(matches: readonly { route: Pick<RouteObject, 'handle'> }[]): void {
  for (const match of matches) {
    const name = (match.route.handle as { screen?: ScreenName } | undefined)?.screen;
    if (name) void loaders[name]().catch(() => undefined); // a failed download is retried by the lazy element
  }
}

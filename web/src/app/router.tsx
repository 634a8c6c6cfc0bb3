import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ProtectedRoute, setUnauthorizedRedirect, type LoginRedirectState } from '@/lib/auth';
import { RootLayout } from '@/components/layout/root-layout';
import { RouteError } from '@/components/layout/route-error';
import { Spinner } from '@/components/ui/spinner';

/** Every screen is its own chunk; the shell (header, footer, session) is all a first visit loads. */
const screens = {
  landing: lazy(() => import('./routes/landing')),
  login: lazy(() => import('./routes/auth/login')),
  register: lazy(() => import('./routes/auth/register')),
  browseSales: lazy(() => import('./routes/sales/browse')),
  saleDetail: lazy(() => import('./routes/sales/detail')),
  createSale: lazy(() => import('./routes/sales/create')),
  editSale: lazy(() => import('./routes/sales/edit')),
  mySales: lazy(() => import('./routes/sales/my-sales')),
  search: lazy(() => import('./routes/search')),
  itemDetail: lazy(() => import('./routes/items/detail')),
  addItem: lazy(() => import('./routes/items/create')),
  editItem: lazy(() => import('./routes/items/edit')),
  myItems: lazy(() => import('./routes/items/my-items')),
  profile: lazy(() => import('./routes/profile')),
  subscribe: lazy(() => import('./routes/subscribe')),
  help: lazy(() => import('./routes/help')),
  privacy: lazy(() => import('./routes/privacy')),
  terms: lazy(() => import('./routes/terms')),
  // Premium planning tools (favourites, alerts, saved searches, route plans).
  saved: lazy(() => import('./routes/saved')),
  alerts: lazy(() => import('./routes/alerts')),
  savedSearches: lazy(() => import('./routes/saved-searches')),
  routePlanner: lazy(() => import('./routes/plans/planner')),
  routePlans: lazy(() => import('./routes/plans/list')),
  routePlan: lazy(() => import('./routes/plans/detail')),
  routePlanPrint: lazy(() => import('./routes/plans/print')),
  // Paid reservations: the shopper's list and the host's list per sale.
  myReservations: lazy(() => import('./routes/reservations/mine')),
  saleReservations: lazy(() => import('./routes/reservations/sale')),
  notFound: lazy(() => import('./routes/not-found')),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

function screen(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Spinner className="py-24" />}>
      <Screen />
    </Suspense>
  );
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
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: screen(screens.landing) },
      { path: 'login', element: screen(screens.login) },
      { path: 'register', element: screen(screens.register) },
      { path: 'sales', element: screen(screens.browseSales) },
      { path: 'sales/:id', element: screen(screens.saleDetail) },
      { path: 'search', element: screen(screens.search) },
      { path: 'items/:id', element: screen(screens.itemDetail) },
      { path: 'subscribe', element: screen(screens.subscribe) },
      { path: 'help', element: screen(screens.help) },
      { path: 'privacy', element: screen(screens.privacy) },
      { path: 'terms', element: screen(screens.terms) },
      {
        element: <SignedInOnly />,
        children: [
          { path: 'create-sale', element: screen(screens.createSale) },
          { path: 'sales/:id/edit', element: screen(screens.editSale) },
          { path: 'my-sales', element: screen(screens.mySales) },
          { path: 'my-items', element: screen(screens.myItems) },
          { path: 'profile', element: screen(screens.profile) },
          { path: 'sales/:saleId/add-item', element: screen(screens.addItem) },
          { path: 'create-item', element: screen(screens.addItem) },
          { path: 'items/:id/edit', element: screen(screens.editItem) },
          { path: 'saved', element: screen(screens.saved) },
          { path: 'alerts', element: screen(screens.alerts) },
          { path: 'saved-searches', element: screen(screens.savedSearches) },
          { path: 'plan', element: screen(screens.routePlanner) },
          { path: 'plans', element: screen(screens.routePlans) },
          { path: 'plan/:id', element: screen(screens.routePlan) },
          { path: 'plan/:id/print', element: screen(screens.routePlanPrint) },
          { path: 'my-reservations', element: screen(screens.myReservations) },
          { path: 'sales/:id/reservations', element: screen(screens.saleReservations) },
        ],
      },
      { path: '*', element: screen(screens.notFound) },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 on any call ends the session; the visitor signs in again and comes back to the same page.
setUnauthorizedRedirect((from) => {
  void router.navigate('/login', { replace: true, state: { from, reason: 'expired' } satisfies LoginRedirectState });
});

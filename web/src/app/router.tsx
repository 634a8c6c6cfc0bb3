import { createBrowserRouter } from 'react-router-dom';
import { preloadScreen, routes } from './route-table';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router, matched to the address being opened; that address's screen starts downloading at once. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  preloadScreen(router.state.matches);
  return router;
}

import { createBrowserRouter } from 'react-router-dom';
import { preloadScreen, routes } from './route-table';

export const router = createBrowserRouter(routes);

preloadScreen(router.state.matches);

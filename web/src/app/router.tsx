import { createBrowserRouter } from 'react-router-dom';
import { preloadScreen, routes } from './route-table';

preloadScreen(window.location.pathname);

export const router = createBrowserRouter(routes);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { refreshUser } from './lib/auth';
import './index.css';

// A stored session is confirmed (and the user refreshed) once per page load.
void refreshUser();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

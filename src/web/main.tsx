import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadPage } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) {
  document.body.textContent = 'Root element not found';
  throw new Error('Root element not found');
}

preloadPage(window.location.pathname);

// A transition lets React render the first screen in slices, so no long task blocks the page
// meanwhile; the static frame of index.html stays up until it is done.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});

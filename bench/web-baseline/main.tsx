import { createRoot } from 'react-dom/client';

// React 19 and nothing else, rendering the landing page's heading and lead text: what any page
// of this stack pays before its own code (bench/web.ts measures it beside the app's pages).
createRoot(document.getElementById('root')!).render(
  <main>
    <h1>Truck Finder</h1>
    <p>
      Roadside help for truck drivers: mobile mechanics, tire service and towing near you, any hour.
    </p>
  </main>,
);

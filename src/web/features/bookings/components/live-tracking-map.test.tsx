// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import LiveTrackingMap from './live-tracking-map.tsx';

afterEach(cleanup);

it("shows the provider's business name in its tooltip as text, never as HTML", () => {
  const hostileName = '<img src=x onerror=alert(1)>';
  render(
    <LiveTrackingMap
      businessName={hostileName}
      destination={null}
      position={{ latitude: 32.78, longitude: -96.8 }}
    />,
  );
  const marker = document.querySelector('.tracking-marker');
  expect(marker).not.toBeNull();
  fireEvent.mouseOver(marker!);
  const tooltip = document.querySelector('.leaflet-tooltip');
  expect(tooltip?.textContent).toBe(hostileName);
  expect(tooltip?.querySelector('img')).toBeNull();
});

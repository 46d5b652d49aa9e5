// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { setLanguage } from '#web/lib/i18n.ts';
import PrivacyPage from './privacy-page.tsx';
import SupportPage from './support-page.tsx';
import TermsPage from './terms-page.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const show = (page: React.ReactNode) => render(<Suspense fallback={null}>{page}</Suspense>);

it('shows the privacy policy with its date and the address to write to', async () => {
  show(<PrivacyPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  expect(screen.getByText('Last updated November 22, 2026')).toBeTruthy();
  const link = screen.getByRole('link', { name: 'privacy@truckfinder.test' });
  expect(link.getAttribute('href')).toBe('mailto:privacy@truckfinder.test');
});

it('shows the terms', async () => {
  show(<TermsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
  expect(screen.getByText(/call 911 first/)).toBeTruthy();
});

it('shows the support page in Spanish, its links kept', async () => {
  await setLanguage('es');
  show(<SupportPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Ayuda' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Buscar servicios' }).getAttribute('href')).toBe('/home');
  expect(screen.getByText('¿Está en peligro o bloqueando el tráfico?').tagName).toBe('STRONG');
  expect(
    screen.getByRole('link', { name: 'support@truckfinder.test' }).getAttribute('translate'),
  ).toBe('no');
});

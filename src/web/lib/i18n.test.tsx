// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../test/locales/i18n-sample.en.ts';
import { defineCatalog, setLanguage, T, textOf, useText } from './i18n.ts';
import { useFormat } from './format.ts';

const sample = defineCatalog('test.sample', en, () => import('../test/locales/i18n-sample.es.ts'));

function Sample() {
  const t = useText(sample);
  const f = useFormat();
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{t('jobs', { count: 3 })}</p>
      <p data-testid="agree">
        <T text={sample} id="agree" components={{ 0: <a href="/terms" /> }} />
      </p>
      <p>{f.money(1234.5)}</p>
    </div>
  );
}

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the texts of the app', () => {
  it('render in English by default, with plurals, elements and money', () => {
    render(<Sample />);
    expect(screen.getByRole('heading').textContent).toBe('My Bookings');
    expect(screen.getByText('3 jobs')).toBeTruthy();
    expect(screen.getByTestId('agree').textContent).toBe('I agree to the terms today');
    expect(screen.getByRole('link').textContent).toBe('terms');
    expect(screen.getByText('$1,234.50')).toBeTruthy();
  });

  it('switch to Spanish, and <html lang> follows', async () => {
    render(
      <Suspense fallback="loading">
        <Sample />
      </Suspense>,
    );
    await act(() => setLanguage('es'));
    expect(await screen.findByText('Mis reservas')).toBeTruthy();
    expect(screen.getByText('3 trabajos')).toBeTruthy();
    expect(screen.getByRole('link').textContent).toBe('términos');
    expect(document.documentElement.lang).toBe('es-US');
    expect(textOf(sample)('jobs', { count: 1 })).toBe('1 trabajo');
  });
});

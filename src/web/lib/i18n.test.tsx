// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('mount a component whose catalog arrives while it renders, with its effects', async () => {
    await setLanguage('es');
    // Declared after the switch, as a page's code loaded later is: its catalog is not loaded yet.
    const late = defineCatalog('test.late', en, () => import('../test/locales/i18n-sample.es.ts'));
    const errors = vi.spyOn(console, 'error');
    function Late() {
      const t = useText(late);
      const [ran, setRan] = useState(false);
      useEffect(() => {
        const timer = setTimeout(() => setRan(true));
        return () => clearTimeout(timer);
      }, []);
      return <h1>{ran ? t('title') : ''}</h1>;
    }
    await act(async () => {
      render(
        <Suspense fallback="loading">
          <Late />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Mis reservas')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('give a catalog that failed to load to the error boundary', async () => {
    await setLanguage('es');
    const broken = defineCatalog('test.broken', en, () =>
      Promise.reject(new Error('chunk missing')),
    );
    class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError = (error: Error) => ({ error });
      override render() {
        return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
      }
    }
    function Broken() {
      return <h1>{useText(broken)('title')}</h1>;
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback="loading">
            <Broken />
          </Suspense>
        </Boundary>,
      );
    });
    expect(await screen.findByText('failed: chunk missing')).toBeTruthy();
    errors.mockRestore();
  });
});

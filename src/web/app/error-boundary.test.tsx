// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { isLoadError, PageError } from './page-error.tsx';

function Broken(): never {
  throw new Error('a bug in the page');
}

const boundary = (children: React.ReactNode, resetKey = '/a') => (
  <ErrorBoundary resetKey={resetKey} fallback={(error) => <PageError error={error} />}>
    {children}
  </ErrorBoundary>
);

beforeEach(() => {
  // React reports every caught error to the console; the assertions below are on the screen.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ErrorBoundary with PageError', () => {
  it('shows the page error in place of a page that throws while rendering', () => {
    render(
      <>
        <p>The header stays</p>
        {boundary(<Broken />)}
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('This page could not be shown');
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on our side.');
    expect(screen.getByText('The header stays')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('says the page did not finish loading when its module could not be fetched', async () => {
    const Missing = lazy(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/page-x.js'),
      ),
    );
    render(boundary(<Suspense fallback={<p>Loading</p>}>{<Missing />}</Suspense>));
    await settle(null, () => screen.queryByRole('alert') !== null);
    expect(screen.getByRole('alert').textContent).toContain(
      'It did not finish loading. Check your connection and try again.',
    );
  });

  it('reloads the app from Try Again', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(boundary(<Broken />));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the children again when the path changes', () => {
    const { rerender } = render(boundary(<Broken />, '/a'));
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(boundary(<p>Another page</p>, '/b'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Another page')).toBeTruthy();
  });
});

describe('isLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/a.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://x/a.js',
  ])('knows the browsers’ wording: %s', (message) => {
    expect(isLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isLoadError(new TypeError('x is not a function'))).toBe(false);
    expect(isLoadError(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.ts';

afterEach(cleanup);

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>could not load</p> : this.props.children;
  }
}

describe('preloadable', () => {
  it('renders at once, without its fallback, once load() has finished', async () => {
    const importModule = vi.fn(async () => ({ default: Hello }));
    const part = preloadable(importModule);
    await part.load();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <part.Component name="Dale" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Dale')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('suspends like lazy when not loaded, and loads its module once', async () => {
    const importModule = vi.fn(async () => ({ default: Hello }));
    const part = preloadable(importModule);
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <part.Component name="Nina" />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Hello Nina')).toBeTruthy();
    await part.load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const importModule = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const part = preloadable(importModule);
    await expect(part.load()).rejects.toThrow('offline');
    await part.load();
    render(<part.Component name="Ana" />);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('shows a failed load while rendering to the error boundary, once, and loads on the next load()', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const importModule = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('old chunk'))
      .mockResolvedValue({ default: Hello });
    const part = preloadable(importModule);
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback={<p>waiting</p>}>
            <part.Component name="Ray" />
          </Suspense>
        </Boundary>,
      );
    });
    expect(await screen.findByText('could not load')).toBeTruthy();
    expect(importModule).toHaveBeenCalledTimes(1);
    cleanup();
    await part.load();
    render(<part.Component name="Ray" />);
    expect(screen.getByText('Hello Ray')).toBeTruthy();
    vi.restoreAllMocks();
  });
});

import { createElement, lazy, type ComponentType } from 'react';

/**
 * A component whose code loads on demand, like `lazy`, and that renders without suspending once
 * `load()` has finished: a page's data module (lib/page-data.ts) can load the part a role sees
 * beside the page's answers, so the first render has it. A failed load reaches the page's error
 * boundary, as with `lazy`; the next `load()` tries again.
 */
export function preloadable<P extends object>(
  importModule: () => Promise<{ default: ComponentType<P> }>,
) {
  type Module = { default: ComponentType<P> };
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module> | undefined;
  const load = (): Promise<Module> => {
    loading ??= importModule().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // React keeps a lazy component's failure: the page's error boundary shows it, and the next
  // load() from outside (the page opened again) starts over with a fresh one.
  let failed = false;
  const makeLazy = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let Lazy = makeLazy();
  function Preloadable(props: P) {
    if (loaded) return createElement(loaded, props);
    return createElement(Lazy, props);
  }
  return {
    Component: Preloadable,
    load: () => {
      if (failed) {
        failed = false;
        Lazy = makeLazy();
      }
      return load();
    },
  };
}

import { type ComponentType, lazy } from "react";

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; once it has resolved the page renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * A page in its own chunk, like `React.lazy`, that can also be loaded ahead of rendering. The prerender and the
 * browser's hydration preload the pages of the current URL first, so the first render matches the prerendered
 * HTML at once instead of suspending inside a boundary that is still being hydrated.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = preload;
  return Page;
}

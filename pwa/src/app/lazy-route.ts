import { lazy, type ComponentType } from 'react';

/** Spec §9: a route's script chunk may take up to 120000 ms on a slow connection. */
export const routeLoadTimeoutMs = 120_000;

export type RouteModule = { default: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The page took too long to load')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Loads a route's module, trying once more if the first attempt fails or times out. */
export async function loadRouteModule<T>(importModule: () => Promise<T>, timeoutMs = routeLoadTimeoutMs): Promise<T> {
  try {
    return await withTimeout(importModule(), timeoutMs);
  } catch {
    return withTimeout(importModule(), timeoutMs);
  }
}

/** A lazily loaded route component (one chunk per route). */
export function lazyRoute(importModule: () => Promise<RouteModule>) {
  return lazy(() => loadRouteModule(importModule));
}

/**
 * A part of the shell loaded as its own chunk (the footer, the side menu, the update notice):
 * tried twice like a route, and if it still cannot load (no signal before the service worker
 * has saved it) the page goes on without it rather than failing.
 */
export function lazyPart<Props extends object>(importModule: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    loadRouteModule(importModule).then(
      (component) => ({ default: component }),
      (): { default: ComponentType<Props> } => ({ default: () => null }),
    ),
  );
}

import type { LanguageState } from '../i18n/i18n';

/** What the page being rendered on the server asked for its head (`use-page-title.ts`). */
export type PageHead = { title?: string; description?: string; image?: string; notFound?: boolean };

/**
 * What one server render owns (decision 127): its language, the origin its API requests go to
 * and the head its page asks for. In the browser there is none. The server build
 * (`entry-server.tsx`) provides each render's own through Node's AsyncLocalStorage, which this
 * module cannot import (it is in the browser's bundle too), so renders run side by side without
 * one's language or origin leaking into another's page.
 */
export type RenderScope = { apiOrigin: string; language: LanguageState; head: PageHead };

let source: () => RenderScope | undefined = () => undefined;

/** The render this code runs for, on the server; undefined in the browser. */
export const renderScope = (): RenderScope | undefined => source();

/** Called once by the server build: where each render's scope is found. */
export function provideRenderScope(find: () => RenderScope | undefined): void {
  source = find;
}

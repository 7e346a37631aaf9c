/**
 * The seam between the Koa server and the app's server build (DESIGN §10, decision 127): what
 * `entry-server.tsx` exports, declared once. The server imports this type (`server/src/lib/
 * render-page.ts`); the entry checks itself against it. Types only, importing nothing of the app,
 * so the server's typecheck reads this file alone.
 */
export type RenderOptions = {
  /** The path with its query string, e.g. `/blog/abc`. */
  url: string;
  /** The visitor's language (their cookie), English when it is none of the app's. */
  language: string | undefined;
  /** The origin the page's API requests go to (the server itself, over loopback). */
  apiOrigin: string;
};

export type RenderedPage = {
  /** The markup of `#root`. */
  html: string;
  /** `[queryKey, data, dataUpdatedAt]` of each query the page showed, for `#ssr-data`. */
  data: Array<[readonly unknown[], unknown, number]>;
  /** `[queryKey, status, errors, errorUpdatedAt]` of each query the server refused (a post that is gone). */
  refused: Array<[readonly unknown[], number, Array<{ msg: string; param?: string; code?: string }>, number]>;
  /** The page says that what its address names is not here: answered 404. */
  notFound: boolean;
  /** The corrections of the Māori text the page was rendered with. */
  corrections?: Readonly<Record<string, string>>;
  language: 'en' | 'mi';
  locale: string;
  title?: string;
  description?: string;
  /** A picture for shares of the page (a post's), as an address on this site. */
  image?: string;
};

export type Renderer = {
  isServerRendered(pathname: string): boolean;
  isUnknownAddress(pathname: string): boolean;
  cssModulesOf(pathname: string): string[];
  /** One page, in its own language and against its own origin: renders run side by side. */
  render(options: RenderOptions): Promise<RenderedPage>;
};

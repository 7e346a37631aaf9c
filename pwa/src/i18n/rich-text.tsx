import type { ReactNode } from 'react';
import type { MessageKey } from './i18n';
import type { Params } from './messages';
import { useLanguage, useT } from './use-t';

/**
 * Māori words inside an English sentence carry `lang="mi"` so screen readers pronounce them
 * (DESIGN §9). In the catalogue they are marked `<mi>whānau</mi>`; `<Rich id="…"/>` shows the
 * message with each marked word in a `<span lang="mi">`. In te reo Māori the whole page is
 * already `lang="mi"`, so the marks become plain text. Keys with marks are only shown through
 * `<Rich>` (never in an aria-label, title or placeholder, where markup cannot go).
 */
const marked = /<mi>(.*?)<\/mi>/g;

export function richParts(text: string, pageIsMaori: boolean): ReactNode[] {
  return text.split(marked).map((part, index) =>
    index % 2 === 0 || pageIsMaori ? (
      part
    ) : (
      <span lang="mi" key={index}>
        {part}
      </span>
    ),
  );
}

/** The message for `id` with its Māori words marked for screen readers. */
export function Rich({ id, params }: { id: MessageKey; params?: Params }) {
  const t = useT();
  const language = useLanguage();
  return <>{richParts(t(id, params), language === 'mi')}</>;
}

/** The message without its marks, for places that take plain text only. */
export const plainText = (text: string): string => text.replace(marked, '$1');

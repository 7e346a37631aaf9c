import { spec, type SpecKey } from './spec';
import { useLanguage, useT } from './use-t';

/**
 * The trust's own English wording exactly as given, and in te reo Māori a Māori line beside
 * it (marked `lang="mi"` so screen readers pronounce it), never instead of it. On a Māori page
 * the English wording itself is marked `lang="en-NZ"`, so it is read as English.
 */
export function SpecText({ id }: { id: SpecKey }) {
  const t = useT();
  const language = useLanguage();
  const gloss = t(`gloss.${id}`);
  return (
    <>
      {language === 'mi' ? <span lang="en-NZ">{spec[id]}</span> : spec[id]}
      {gloss && (
        <span className="gloss" lang="mi">
          {gloss}
        </span>
      )}
    </>
  );
}

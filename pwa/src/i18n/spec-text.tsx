import { spec, type SpecKey } from './spec';
import { useT } from './use-t';

/**
 * The trust's own English wording exactly as given, and in te reo Māori a Māori line beside
 * it (marked `lang="mi"` so screen readers pronounce it), never instead of it.
 */
export function SpecText({ id }: { id: SpecKey }) {
  const t = useT();
  const gloss = t(`gloss.${id}`);
  return (
    <>
      {spec[id]}
      {gloss && (
        <span className="gloss" lang="mi">
          {gloss}
        </span>
      )}
    </>
  );
}

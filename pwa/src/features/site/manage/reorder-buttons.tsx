import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';

type ReorderButtonsProps = { name: string; index: number; count: number; disabled: boolean; onMove: (to: number) => void };

/** Move up / Move down for one entry of a hand-ordered list; each button names the entry it moves. */
export function ReorderButtons({ name, index, count, disabled, onMove }: ReorderButtonsProps) {
  const t = useT();
  return (
    <>
      <Button variant="ghost" size="sm" disabled={disabled || index === 0} aria-label={t('manage.order.upOf', { name })} onClick={() => onMove(index - 1)}>
        <span aria-hidden="true">↑ </span>
        {t('manage.order.up')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={disabled || index === count - 1}
        aria-label={t('manage.order.downOf', { name })}
        onClick={() => onMove(index + 1)}
      >
        <span aria-hidden="true">↓ </span>
        {t('manage.order.down')}
      </Button>
    </>
  );
}

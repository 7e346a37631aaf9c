import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useSiteDetails } from '../api/get-site';

type Props = { className?: string; withPhone: MessageKey; withoutPhone: MessageKey };

/** "… could not be loaded just now": with "or phone us on …" once the trust has set its number. */
export function LoadFailedWithPhone({ className, withPhone, withoutPhone }: Props) {
  const t = useT();
  const { phone } = useSiteDetails();
  return <p className={className}>{phone ? t(withPhone, { phone }) : t(withoutPhone)}</p>;
}

import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useT } from '../../i18n/use-t';

export function BackToManage() {
  const t = useT();
  return (
    <p className="manage-back">
      <Link to={paths.manage}>
        <span aria-hidden="true">← </span>
        {t('manage.back')}
      </Link>
    </p>
  );
}

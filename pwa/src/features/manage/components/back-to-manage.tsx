import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export function BackToManage() {
  return (
    <p className="manage-back">
      <Link to={paths.manage}>
        <span aria-hidden="true">← </span>Back to site management
      </Link>
    </p>
  );
}

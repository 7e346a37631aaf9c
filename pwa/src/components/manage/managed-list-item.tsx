import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../button';
import { imageUrl } from '../../lib/image-size';
import { useT } from '../../i18n/use-t';

type ManagedListItemProps = {
  /** The item's picture (its small size is shown). */
  image: string;
  title: string;
  /** Its page in Manage site. */
  href: string;
  /** A line under the title (who wrote it, when). */
  meta?: ReactNode;
  /** The delete button's name for a screen reader ("Delete the post …"). */
  deleteLabel: string;
  onDelete: () => void;
};

/** One published item in a Manage site list (a blog post, a feature): its picture, a link to its page, and delete. */
export function ManagedListItem({ image, title, href, meta, deleteLabel, onDelete }: ManagedListItemProps) {
  const t = useT();
  return (
    <li className="manage-list__item">
      <img className="manage-list__thumb" src={imageUrl(image, 'small')} alt="" loading="lazy" width={64} height={48} />
      <div className="manage-list__text">
        <Link to={href} className="manage-list__title">
          {title}
        </Link>
        {meta && <span className="manage-list__meta">{meta}</span>}
      </div>
      <Button variant="outline" size="sm" className="manage-delete-button" onClick={onDelete} aria-label={deleteLabel}>
        {t('manage.delete')}
      </Button>
    </li>
  );
}

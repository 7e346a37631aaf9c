import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ImageInfo, Publication } from '@contract/content';
import { useT } from '../../i18n/use-t';
import { imageUrl } from '../../lib/image-size';
import { PublicationStatus } from './publication-field';
import { QueryState } from './query-state';

type Unpublished = Publication & { _id: string; title: string; image: ImageInfo };

/** Drafts and scheduled posts or features, which the public lists leave out, each linking to its edit page. */
export function UnpublishedList({ query, linkTo }: { query: UseQueryResult<Unpublished[]>; linkTo: (id: string) => string }) {
  const t = useT();
  if (query.data?.length === 0) return null;
  return (
    <div className="manage-unpublished">
      <h3 className="manage-unpublished__title">{t('manage.notPublished')}</h3>
      <QueryState query={query}>
        {(list) => (
          <ul className="manage-list">
            {list.map((record) => (
              <li key={record._id} className="manage-list__item">
                <img className="manage-list__thumb" src={imageUrl(record.image.src, 'small')} alt="" loading="lazy" width={64} height={48} />
                <div className="manage-list__text">
                  <Link to={linkTo(record._id)} className="manage-list__title">
                    {record.title}
                  </Link>
                  <span className="manage-list__meta">
                    <PublicationStatus status={record.status} publishAt={record.publishAt} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

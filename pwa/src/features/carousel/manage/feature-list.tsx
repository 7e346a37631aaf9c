import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Feature } from '@contract/content';
import { Button } from '../../../components/button';
import { imageUrl } from '../../../lib/image-size';
import { staffPaths } from '../../../lib/staff-paths';
import { useFeatures } from '../api/get-features';
import { DeleteFeatureDialog } from './delete-feature-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { UnpublishedList } from '../../../components/manage/unpublished-list';
import '../../../components/manage/content-edit.css';
import { useUnpublishedFeatures } from './managed-feature';
import { useT } from '../../../i18n/use-t';

/** The carousel's features, each with a link to its page and a delete button. */
export function FeatureList() {
  const t = useT();
  const features = useFeatures();
  const [featureToDelete, setFeatureToDelete] = useState<Feature | null>(null);

  const unpublished = useUnpublishedFeatures();

  return (
    <>
      <UnpublishedList query={unpublished} linkTo={staffPaths.manageFeature} />
      <QueryState query={features}>
        {(list) =>
          list.length === 0 ? (
            <p className="manage-empty">{t('manage.noFeatures')}</p>
          ) : (
            <ul className="manage-list">
              {list.map((feature) => (
                <li key={feature._id} className="manage-list__item">
                  <img className="manage-list__thumb" src={imageUrl(feature.image.src, 'small')} alt="" loading="lazy" width={64} height={48} />
                  <div className="manage-list__text">
                    <Link to={staffPaths.manageFeature(feature._id)} className="manage-list__title">
                      {feature.title}
                    </Link>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="manage-delete-button"
                    onClick={() => setFeatureToDelete(feature)}
                    aria-label={t('manage.deleteFeatureNamed', { title: feature.title })}
                  >
                    {t('manage.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {/* Outside the list, so it stays mounted when the last feature goes. */}
      <DeleteFeatureDialog feature={featureToDelete} onClose={() => setFeatureToDelete(null)} />
    </>
  );
}

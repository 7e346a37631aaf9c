import { useState } from 'react';
import type { Feature } from '@contract/content';
import { staffPaths } from '../../../lib/staff-paths';
import { useFeatures } from '../api/get-features';
import { DeleteFeatureDialog } from './delete-feature-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { ManagedListItem } from '../../../components/manage/managed-list-item';
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
                <ManagedListItem
                  key={feature._id}
                  image={feature.image.src}
                  title={feature.title}
                  href={staffPaths.manageFeature(feature._id)}
                  deleteLabel={t('manage.deleteFeatureNamed', { title: feature.title })}
                  onDelete={() => setFeatureToDelete(feature)}
                />
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

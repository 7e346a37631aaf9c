import { useState } from 'react';
import { Button } from '../../../components/button';
import { MarkdownContent } from '../../../components/markdown-content';
import { ManagePageHeader } from '../../../app/manage/manage-page-header';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useFeature } from './get-feature';
import { BackToManage } from '../../../app/manage/back-to-manage';
import { DeleteFeatureDialog } from './delete-feature-dialog';
import { formatDateTime } from '../../../app/manage/format';
import { NotFoundPanel } from '../../../app/manage/not-found-panel';
import { QueryState } from '../../../app/manage/query-state';
import '../../../app/manage/manage.css';
import { useT } from '../../../i18n/use-t';

/** /manage/features/{id}: one carousel feature, with a delete button. */
export function FeatureDetail({ id }: { id: string }) {
  const t = useT();
  const feature = useFeature(id);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <ManagePageHeader eyebrow={t('manage.featureEyebrow')} title={feature.data?.title ?? t('manage.feature')} />
      <div className="container manage-page">
        <BackToManage />
        <QueryState query={feature}>
          {(loaded) =>
            loaded ? (
              <article className="manage-card manage-detail">
                <p className="manage-detail__meta">{t('manage.featureMeta', { when: formatDateTime(loaded.createdAt) })}</p>
                <ResponsiveImage
                  className="manage-detail__image"
                  src={loaded.image.src}
                  alt={loaded.image.alt}
                  width={loaded.image.width}
                  height={loaded.image.height}
                  sizes="(min-width: 50rem) 44rem, 100vw"
                  eager
                />
                <p className="manage-detail__alt">
                  <strong>{t('manage.pictureDescription')}</strong> {loaded.image.alt}
                </p>
                <MarkdownContent markdown={loaded.text} />
                <div className="manage-detail__actions">
                  <Button variant="danger" onClick={() => setConfirming(true)}>
                    {t('manage.deleteFeature')}
                  </Button>
                </div>
              </article>
            ) : (
              <NotFoundPanel />
            )
          }
        </QueryState>
        <DeleteFeatureDialog feature={confirming ? (feature.data ?? null) : null} onClose={() => setConfirming(false)} />
      </div>
    </>
  );
}

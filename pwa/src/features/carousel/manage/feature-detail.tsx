import { useState } from 'react';
import { CreateFeatureSchema } from '@contract/content';
import { checkInput } from '@contract/errors';
import { Button } from '../../../components/button';
import { MarkdownContent } from '../../../components/markdown-content';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { ResponsiveImage } from '../../../components/responsive-image';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { DeleteFeatureDialog } from './delete-feature-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { ContentEditForm } from '../../../components/manage/content-edit-form';
import { PublicationStatus } from '../../../components/manage/publication-field';
import { RevisionList } from '../../../components/manage/revision-list';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { featuresQueryKey } from '../api/get-features';
import { useManagedFeature, useUpdateFeature } from './managed-feature';
import '../../../components/manage/manage.css';
import '../../../components/manage/content-edit.css';
import { useT } from '../../../i18n/use-t';

/** /manage/features/{id}: one carousel feature, whatever its state: edit, preview, revisions, delete. */
export function FeatureDetail({ id }: { id: string }) {
  const t = useT();
  const feature = useManagedFeature(id);
  const update = useUpdateFeature(id);
  const { setAlert } = useAlerts();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <ManagePageHeader eyebrow={t('manage.featureEyebrow')} title={feature.data?.title ?? t('manage.feature')} />
      <div className="container manage-page">
        <BackToManage />
        <QueryState query={feature}>
          {(loaded) => (
            <div className="content-edit-page">
              <p className="content-edit-page__status">
                <PublicationStatus status={loaded.status} publishAt={loaded.publishAt} />
              </p>
              <section className="manage-card content-edit-page__form" aria-labelledby="edit-feature-heading">
                <h2 id="edit-feature-heading" className="manage-card__title">
                  {t('manage.edit.featureTitle')}
                </h2>
                <ContentEditForm
                  key={loaded.updatedAt}
                  label={t('manage.edit.featureTitle')}
                  fields={[
                    { name: 'title', label: t('manage.title.label') },
                    { name: 'text', label: t('manage.text'), multiline: true },
                    { name: 'imageAlt', label: t('manage.pictureAlt'), hint: t('manage.pictureAltHint') },
                  ]}
                  initial={{ title: loaded.title, text: loaded.text, imageAlt: loaded.image.alt }}
                  image={loaded.image}
                  status={loaded.status}
                  publishAt={loaded.publishAt}
                  check={(values) => checkInput(CreateFeatureSchema, values)}
                  save={update.mutateAsync}
                  saving={update.isPending}
                  onSaved={(saved) => setAlert(t('manage.edit.featureSaved', { title: saved.title }), 'success')}
                />
              </section>
              <section className="manage-card content-edit-page__preview" aria-labelledby="preview-feature-heading">
                <h2 id="preview-feature-heading" className="manage-card__title">
                  {t('manage.edit.preview')}
                </h2>
                <div className="content-preview">
                  <ResponsiveImage
                    className="manage-detail__image"
                    src={loaded.image.src}
                    alt={loaded.image.alt}
                    width={loaded.image.width}
                    height={loaded.image.height}
                    sizes="(min-width: 50rem) 44rem, 100vw"
                    eager
                  />
                  <h3>{loaded.title}</h3>
                  <MarkdownContent markdown={loaded.text} />
                </div>
              </section>
              <RevisionList
                kind="feature"
                id={loaded._id}
                current={{ title: loaded.title, text: loaded.text, imageAlt: loaded.image.alt }}
                changed={[featuresQueryKey]}
              />
              <div className="manage-detail__actions">
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t('manage.deleteFeature')}
                </Button>
              </div>
            </div>
          )}
        </QueryState>
        <DeleteFeatureDialog feature={confirming ? (feature.data ?? null) : null} onClose={() => setConfirming(false)} />
      </div>
    </>
  );
}

import { useNavigate } from 'react-router-dom';
import type { Feature } from '@contract/content';
import { paths } from '../../../lib/paths';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useDeleteFeature } from './delete-feature';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { specAlert } from '../../../components/manage/spec-alert';

/** Asks before deleting a feature; then 'Feature Delted' (the trust's wording) and back to /manage. */
export function DeleteFeatureDialog({ feature, onClose }: { feature: Pick<Feature, '_id' | 'title'> | null; onClose: () => void }) {
  const t = useT();
  const deleteFeature = useDeleteFeature();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const navigate = useNavigate();

  return (
    <ConfirmDialog
      open={feature !== null}
      title={t('manage.deleteFeatureTitle')}
      message={feature ? t('manage.deleteFeatureMessage', { title: feature.title }) : ''}
      confirmLabel={t('manage.deleteFeature')}
      busy={deleteFeature.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        if (!feature || deleteFeature.isPending) return;
        // Awaited rather than mutate callbacks: those are dropped if this dialog unmounts first.
        try {
          await deleteFeature.mutateAsync(feature._id);
        } catch (error) {
          onClose();
          showErrors(error);
          return;
        }
        onClose();
        setAlert(specAlert('featureDeleted'), 'danger');
        void navigate(paths.manage);
      }}
    />
  );
}

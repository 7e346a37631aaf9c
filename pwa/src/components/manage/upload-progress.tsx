import { useT } from '../../i18n/use-t';
import { formatNumber } from '../../i18n/i18n';
/** How much of the picture has gone up; shown only while an upload is under way. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  const t = useT();
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="manage-progress">
      <progress max={100} value={percent} aria-label={t('manage.uploadProgress')}>
        {formatNumber(fraction, { style: 'percent' })}
      </progress>
      <span aria-hidden="true">{percent < 100 ? t('manage.uploading', { percent }) : t('manage.saving')}</span>
    </div>
  );
}

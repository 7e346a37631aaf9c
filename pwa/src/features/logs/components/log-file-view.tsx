import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { paths } from '../../../lib/paths';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useDeleteLogFile } from '../api/delete-log-file';
import { useLogFileText } from '../api/get-log-file';
import { useLogFiles } from '../api/list-log-files';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { formatBytes, formatDateTime } from '../../../components/manage/format';
import { QueryState } from '../../../components/manage/query-state';
import { LogTable } from './log-table';
import './logs.css';
import '../../../components/manage/manage.css';
import { useT } from '../../../i18n/use-t';
import { specAlert } from '../../../components/manage/spec-alert';

/** /manage/logs/{id}: a log file as a table of its lines, and a delete button for a file of the listing. */
export function LogFileView({ id }: { id: string }) {
  const t = useT();
  const logText = useLogFileText(id);
  const logFile = useLogFiles().data?.find((file) => file._id === id);
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const navigate = useNavigate();
  const deleteLogFile = useDeleteLogFile({ onError: showErrors });
  const [confirming, setConfirming] = useState(false);
  const name = logFile?.name ?? t('manage.logFile');

  function deleteAndLeave(): void {
    setConfirming(false);
    // The trust's order (spec §7): the alert shows before the call completes, then /manage.
    setAlert(specAlert('logFileDeleted'), 'success');
    deleteLogFile.mutate(id);
    void navigate(paths.manage);
  }

  return (
    <>
      <ManagePageHeader eyebrow={t('manage.logFileEyebrow')} title={name} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="log-text-heading">
          <h2 id="log-text-heading" className="manage-card__title">
            {t('manage.contents')}
          </h2>
          {logFile ? (
            <p className="manage-detail__meta">{t('manage.logMeta', { size: formatBytes(logFile.size), when: formatDateTime(logFile.modifiedAt) })}</p>
          ) : null}
          <QueryState query={logText}>
            {(text) => (text ? <LogTable text={text} name={name} /> : <p className="manage-empty">{t('manage.logEmpty')}</p>)}
          </QueryState>
          {/* Only a file of the listing, whose text has loaded, can be deleted: no button for a file that is not there. */}
          {logFile && logText.isSuccess ? (
            <div className="manage-detail__actions">
              <Button variant="danger" onClick={() => setConfirming(true)}>
                {t('manage.deleteLogFile')}
              </Button>
            </div>
          ) : null}
        </section>
        <ConfirmDialog
          open={confirming}
          title={t('manage.deleteLogTitle')}
          message={t('manage.deleteLogMessage', { name })}
          confirmLabel={t('manage.deleteLogFile')}
          onCancel={() => setConfirming(false)}
          onConfirm={deleteAndLeave}
        />
      </div>
    </>
  );
}

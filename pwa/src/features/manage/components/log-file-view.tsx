import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { ManagePageHeader } from './manage-page-header';
import { paths } from '../../../lib/paths';
import { useAlerts } from '../../alerts/alerts-context';
import { useShowErrors } from '../../alerts/use-show-errors';
import { useDeleteLogFile } from '../api/delete-log-file';
import { useLogFileText } from '../api/get-log-file';
import { useLogFiles } from '../api/list-log-files';
import { BackToManage } from './back-to-manage';
import { ConfirmDialog } from './confirm-dialog';
import { formatBytes, formatDateTime } from './format';
import { QueryState } from './query-state';
import './manage.css';

/** /manage/logs/{id}: a log file's text in a scrollable block, and a delete button. */
export function LogFileView({ id }: { id: string }) {
  const logText = useLogFileText(id);
  const logFile = useLogFiles().data?.find((file) => file._id === id);
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const navigate = useNavigate();
  const deleteLogFile = useDeleteLogFile({ onError: showErrors });
  const [confirming, setConfirming] = useState(false);
  const name = logFile?.name ?? 'Log file';

  function deleteAndLeave(): void {
    setConfirming(false);
    // The trust's order (spec §7): the alert shows before the call completes, then /manage.
    setAlert('Success: Log File Deleted', 'success');
    deleteLogFile.mutate(id);
    void navigate(paths.manage);
  }

  return (
    <>
      <ManagePageHeader eyebrow="Site management · Log file" title={name} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="log-text-heading">
          <h2 id="log-text-heading" className="manage-card__title">
            Contents
          </h2>
          {logFile ? (
            <p className="manage-detail__meta">
              {formatBytes(logFile.size)} · changed {formatDateTime(logFile.modifiedAt)}
            </p>
          ) : null}
          <QueryState query={logText} what="log file">
            {(text) =>
              text ? (
                // Focusable so keyboard users can scroll it; labelled so screen readers say what it is.
                <pre className="manage-log" tabIndex={0} aria-label={`Text of ${name}`}>
                  {text}
                </pre>
              ) : (
                <p className="manage-empty">This log file is empty.</p>
              )
            }
          </QueryState>
          <div className="manage-detail__actions">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete log file
            </Button>
          </div>
        </section>
        <ConfirmDialog
          open={confirming}
          title="Delete this log file?"
          message={`${name} will be removed from the server. This cannot be undone.`}
          confirmLabel="Delete log file"
          onCancel={() => setConfirming(false)}
          onConfirm={deleteAndLeave}
        />
      </div>
    </>
  );
}

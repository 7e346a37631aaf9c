import { Link } from 'react-router-dom';
import { staffPaths } from '../../../lib/staff-paths';
import { useLogFiles } from '../api/list-log-files';
import { formatBytes, formatDateTime } from '../../../components/manage/format';
import { QueryState } from '../../../components/manage/query-state';
import { useT } from '../../../i18n/use-t';

/** The server's log files with their size and last change, each linking to its text. */
export function LogFileList() {
  const t = useT();
  const logFiles = useLogFiles();
  return (
    <QueryState query={logFiles}>
      {(files) =>
        files.length === 0 ? (
          <p className="manage-empty">{t('manage.noLogFiles')}</p>
        ) : (
          <ul className="manage-list">
            {files.map((file) => (
              <li key={file._id} className="manage-list__item">
                <div className="manage-list__text">
                  <Link to={staffPaths.manageLog(file._id)} className="manage-list__title manage-mono">
                    {file.name}
                  </Link>
                  <span className="manage-list__meta">{t('manage.logMeta', { size: formatBytes(file.size), when: formatDateTime(file.modifiedAt) })}</span>
                </div>
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

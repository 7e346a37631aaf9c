import '../i18n/manage';
import { useParams } from 'react-router-dom';
import { LogFileView } from '../features/logs/components/log-file-view';
import { ManagerOnly } from '../components/manage/manager-only';

/** /manage/logs/{id}: one log file's text, and deleting it. */
export default function ManageLogRoute() {
  const { id = '' } = useParams();
  return (
    <ManagerOnly>
      <LogFileView key={id} id={id} />
    </ManagerOnly>
  );
}

import { useState, type FormEvent } from 'react';
import { auditActions, bulkReadActions, type AuditEvent, type TrailAction } from '@contract/audit';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { QueryState } from '../../../components/manage/query-state';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import { Pager } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useWrittenTime } from '../../../components/written-time';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { nzToday } from '../../../lib/nz-time';
import { activityPageSize, downloadActivity, useStaffActivity, type ActivityFilter } from '../api/get-staff-activity';
import { useStaff } from '../api/list-staff';
import { historyPagerWords } from './staff-history';
import '../../../components/manage/manage.css';
import './staff-history.css';

const actionKey: Record<TrailAction, MessageKey> = {
  view: 'activity.action.view',
  create: 'activity.action.create',
  update: 'activity.action.update',
  note: 'activity.action.note',
  link: 'activity.action.link',
  status: 'activity.action.status',
  export: 'activity.action.export',
  'user.create': 'activity.action.userCreate',
  'user.update': 'activity.action.userUpdate',
  'user.deactivate': 'activity.action.userDeactivate',
  'login.failed': 'activity.action.loginFailed',
  merge: 'activity.action.merge',
  'merge.undo': 'activity.action.mergeUndo',
  import: 'activity.action.import',
  'import.undo': 'activity.action.importUndo',
  list: 'activity.action.list',
  caseload: 'activity.action.caseload',
};
const allActions: readonly TrailAction[] = [...auditActions, ...bulkReadActions];
const isAction = (value: string): value is TrailAction => (allActions as readonly string[]).includes(value);

/** /manage/audit: everyone's views, changes and bulk reads, filtered by person, action and dates; a period as CSV. */
export function StaffActivityPage() {
  const t = useT();
  const writtenTime = useWrittenTime();
  const staff = useStaff();
  const showErrors = useShowErrors();
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const activity = useStaffActivity(filter, page);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value ? value : undefined;
    };
    const action = text('action');
    setFilter({
      actor: text('actor'),
      action: action && isAction(action) ? action : undefined,
      from: text('from'),
      to: text('to'),
      routine: form.get('routine') === 'show' ? 'show' : undefined,
    });
    setPage(1);
  }

  function showRoutine(shown: boolean) {
    setFilter((current) => ({ ...current, routine: shown ? 'show' : undefined }));
    setPage(1);
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadActivity(filter.from ?? filter.to ?? nzToday(), filter.to ?? filter.from ?? nzToday());
    } catch (error) {
      showErrors(error);
    } finally {
      setDownloading(false);
    }
  }

  const who = (event: AuditEvent<TrailAction>) =>
    event.actorId === null && event.actorName === 'command line' ? t('staff.historyCommandLine') : event.actorName;
  return (
    <>
      <ManagePageHeader eyebrow={t('manage.staffEyebrow')} title={t('activity.title')} lead={t('activity.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card" aria-labelledby="activity-filter-heading">
          <h2 id="activity-filter-heading">{t('activity.filter')}</h2>
          <form onSubmit={apply} aria-labelledby="activity-filter-heading" className="staff-history__pager">
            <SelectField label={t('activity.person')} name="actor" defaultValue="">
              <option value="">{t('activity.everyone')}</option>
              {(staff.data ?? []).map((account) => (
                <option key={account._id} value={account._id}>
                  {account.name}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('activity.action')} name="action" defaultValue="">
              <option value="">{t('activity.anyAction')}</option>
              {allActions.map((action) => (
                <option key={action} value={action}>
                  {t(actionKey[action])}
                </option>
              ))}
            </SelectField>
            <TextField label={t('activity.from')} name="from" type="date" />
            <TextField label={t('activity.to')} name="to" type="date" />
            <label className="staff-history__routine">
              <input
                type="checkbox"
                name="routine"
                value="show"
                checked={filter.routine === 'show'}
                onChange={(event) => showRoutine(event.currentTarget.checked)}
              />
              <span>{t('activity.showRoutine')}</span>
            </label>
            <Button type="submit">{t('activity.show')}</Button>
          </form>
        </section>
        <section className="manage-card staff-history" aria-labelledby="activity-heading">
          <h2 id="activity-heading">{t('activity.events')}</h2>
          <p className="staff-history__lead">{t('activity.downloadLead')}</p>
          <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
            {t('activity.download')}
          </Button>
          <QueryState query={activity}>
            {({ items, total, routineHidden }) => {
              const hidden =
                routineHidden > 0 ? (
                  <p className="staff-history__hidden">
                    {t('activity.routineHidden', { count: routineHidden })}{' '}
                    <Button variant="outline" size="sm" onClick={() => showRoutine(true)}>
                      {t('activity.showThem')}
                    </Button>
                  </p>
                ) : null;
              if (items.length === 0)
                return (
                  <>
                    <p className="manage-empty">{t(hidden ? 'activity.noRecordEvents' : 'staff.historyNone')}</p>
                    {hidden}
                  </>
                );
              return (
                <>
                  {hidden}
                  <ol className="manage-list">
                    {items.map((event) => (
                      <li key={event._id} className="manage-list__item manage-list__item--wrap">
                        <div className="manage-list__text">
                          <span className="manage-list__title">
                            {t(actionKey[event.action])}
                            {' · '}
                            {who(event)}
                          </span>
                          <span className="manage-list__meta">
                            <time dateTime={event.at}>{writtenTime({ createdAt: event.at, writtenAt: event.details?.writtenAt })}</time>
                          </span>
                          {event.details?.count !== undefined ? (
                            <span className="manage-list__meta">{t('activity.count', { count: event.details.count })}</span>
                          ) : null}
                        </div>
                      </li>
                    ))}
                  </ol>
                  <Pager page={page} pageSize={activityPageSize} total={total} onPage={setPage} label={t('activity.pages')} words={historyPagerWords} />
                </>
              );
            }}
          </QueryState>
        </section>
      </div>
    </>
  );
}

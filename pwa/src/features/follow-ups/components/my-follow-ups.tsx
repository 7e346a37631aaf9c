import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOnline } from '../../../lib/use-online';
import type { FollowUp } from '../api/types';
import { daysToOpen, dueGroups, firstShown, groupFollowUps, unopenedCounts, type DueGroup } from '../due';
import { followUpsRefreshedAt } from '../offline/follow-ups-copy';
import { followUpDaysOnDevice, useOpenFollowUpDays } from '../offline/use-follow-ups';
import { useStaffCopySync } from '../offline/use-staff-copy';
import { AddFollowUpForm, type FollowUpKaimahi, type FollowUpSubject } from './add-follow-up-form';
import { FollowUpItem } from './follow-up-item';
import { useNzToday, useShownFollowUps } from './use-shown-follow-ups';
import './follow-ups.css';

export type MyFollowUpsProps = {
  /** The signed-in kaimahi (null while nobody is). */
  kaimahi: FollowUpKaimahi | null;
  /** The clients and whānau a new follow-up can be for (the route reads them from their features). */
  subjects: readonly FollowUpSubject[];
  linkTo?: (task: FollowUp) => string | null;
  /** Ways on from the start screen (the route's links to other screens). */
  children?: ReactNode;
};

/** "My follow-ups": the kaimahi's start screen: overdue, today, this week and later, in New Zealand days. */
const noServices: readonly string[] = [];

export function MyFollowUps({ kaimahi, subjects, linkTo, children }: MyFollowUpsProps) {
  const t = useT();
  const userId = kaimahi?._id ?? null;
  useStaffCopySync(userId, kaimahi?.services ?? noServices);
  usePageTitle(t('followUps.title'));
  const today = useNzToday();
  const online = useOnline();
  const [adding, setAdding] = useState(false);
  const [limits, setLimits] = useState<Record<DueGroup, number>>({ overdue: firstShown, today: firstShown, week: firstShown, later: firstShown });
  const { tasks: shown, sync } = useShownFollowUps(userId, [], subjects);
  // One made here for a colleague is theirs: it is not on this list, even while it waits to be sent.
  const tasks = shown.filter((task) => task.assignedTo === userId);
  // Only the first days of each group are decrypted (decision 105); the index counts the rest.
  const days = followUpDaysOnDevice();
  useOpenFollowUpDays(userId, daysToOpen(days, today, limits));
  const unopened = unopenedCounts(days, today);
  const groups = groupFollowUps(tasks, today);
  // Ticked today on this device (or since the last refresh): kept in view so a slip can be undone.
  const ticked = tasks.filter((task) => task.doneAt !== null);
  const counts = Object.fromEntries(dueGroups.map((group) => [group, groups[group].length + unopened[group]])) as Record<DueGroup, number>;
  const open = dueGroups.reduce((sum, group) => sum + counts[group], 0);
  const refreshedAt = followUpsRefreshedAt();

  return (
    <>
      <PageHeader
        eyebrow={t('clients.staff')}
        title={t('followUps.title')}
        lead={t('followUps.lead', { date: formatDate(`${today}T00:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' }) })}
      />
      <div className="container page-body follow-ups-page">
        {children && (
          <nav className="follow-ups-page__links" aria-label={t('followUps.elsewhere')}>
            {children}
          </nav>
        )}
        <div className="follow-ups-page__bar">
          <p className="clients-muted" role="status">
            {sync.refreshing
              ? t('clients.sync.refreshing')
              : !online
                ? t('followUps.offline', { time: refreshedAt ? formatDate(refreshedAt, { dateStyle: 'medium', timeStyle: 'short' }) : t('followUps.never') })
                : ''}
          </p>
          <button type="button" className="button button--primary" aria-expanded={adding} aria-controls="add-follow-up" onClick={() => setAdding(!adding)}>
            {t('followUps.add.title')}
          </button>
        </div>
        {adding && (
          <section id="add-follow-up" className="clients-card" aria-labelledby="add-follow-up-heading">
            <h2 id="add-follow-up-heading">{t('followUps.add.title')}</h2>
            {kaimahi && <AddFollowUpForm kaimahi={kaimahi} subjects={subjects} idPrefix="new-follow-up" />}
          </section>
        )}
        {sync.loaded && open === 0 && ticked.length === 0 && <p className="clients-empty">{t('followUps.none')}</p>}
        {dueGroups.map((group) =>
          counts[group] === 0 ? null : (
            <section key={group} className={`follow-ups-group follow-ups-group--${group}`} aria-labelledby={`follow-ups-${group}`}>
              <h2 id={`follow-ups-${group}`}>
                {t(`followUps.group.${group}`)} <span className="follow-ups-group__count">{formatNumber(counts[group])}</span>
              </h2>
              <ul className="follow-up-list">
                {groups[group].slice(0, limits[group]).map((task) => (
                  <FollowUpItem key={task._id} task={task} linkTo={linkTo} />
                ))}
              </ul>
              {counts[group] > Math.min(limits[group], groups[group].length) && (
                <button type="button" className="button button--outline button--sm" onClick={() => setLimits({ ...limits, [group]: Infinity })}>
                  {t('followUps.showAll', { count: counts[group], shown: formatNumber(counts[group]) })}
                </button>
              )}
            </section>
          ),
        )}
        {ticked.length > 0 && (
          <section className="follow-ups-group follow-ups-group--done" aria-labelledby="follow-ups-done">
            <h2 id="follow-ups-done">
              {t('followUps.group.done')} <span className="follow-ups-group__count">{formatNumber(ticked.length)}</span>
            </h2>
            <ul className="follow-up-list">
              {ticked.map((task) => (
                <FollowUpItem key={task._id} task={task} linkTo={linkTo} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { foldForSearch } from '@contract/clients';
import type { WhanauSummary } from '@contract/whanau';
import { LinkButton } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatNumber } from '../../../i18n/i18n';
import { Rich, plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { ApiRequestError } from '../../../lib/api-client';
import { staffPaths } from '../../../lib/staff-paths';
import { useOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWhanauList } from '../api/list-whanau';
import { searchKeptWhanau } from '../offline/whanau-copy';
import { isWaiting, useWhanauItems } from '../offline/whanau-items';
import { useWhanauCopyRevision, useWhanauCopySync } from '../offline/use-whanau-copy';
import './whanau.css';

type Row = WhanauSummary & { waiting: boolean };

/**
 * /whanau: the whānau the kaimahi may see, searched by name. With signal the server answers;
 * without, the whānau kept on this device are searched, with those saved here and not yet sent.
 */
export function WhanauListPage({ userId }: { userId: string | null }) {
  const t = useT();
  usePageTitle(plainText(t('whanau.list.title')));
  const [q, setQ] = useState('');
  const online = useOnline();
  useWhanauCopySync(userId);
  useWhanauCopyRevision();
  const list = useWhanauList(q);
  const items = useWhanauItems(userId);
  const fromDevice = !online || (list.error instanceof ApiRequestError && list.error.status === 0);
  const folded = foldForSearch(q.trim());
  const waiting: Row[] = items.flatMap((item) =>
    item.change?.kind === 'whanau.create' && isWaiting(item) && foldForSearch(item.change.fields.name).includes(folded)
      ? [{ _id: item.entityId, name: item.change.fields.name, version: 0, updatedAt: new Date(item.createdAt).toISOString(), memberCount: 0, waiting: true }]
      : [],
  );
  const found: Row[] =
    fromDevice || !list.data
      ? searchKeptWhanau(q).map((whanau) => ({
          _id: whanau._id,
          name: whanau.name,
          version: whanau.version,
          updatedAt: whanau.updatedAt,
          memberCount: whanau.memberCount,
          waiting: false,
        }))
      : list.data.items.map((whanau) => ({ ...whanau, waiting: false }));
  const rows = [...waiting.filter((row) => !found.some((other) => other._id === row._id)), ...found];

  return (
    <>
      <PageHeader eyebrow={t('clients.staff')} title={<Rich id="whanau.list.title" />} lead={t('whanau.list.lead')} />
      <div className="container page-body whanau">
        <div className="whanau-toolbar">
          <div className="whanau-search">
            <label className="field__label" htmlFor="whanau-search">
              {t('whanau.list.search')}
            </label>
            <input id="whanau-search" type="search" className="field__input" value={q} onChange={(event) => setQ(event.currentTarget.value)} />
          </div>
          <LinkButton to={staffPaths.newWhanau}>{t('whanau.new.title')}</LinkButton>
        </div>
        {fromDevice && <p className="whanau-card whanau-card--notice">{t('whanau.list.offline')}</p>}
        {list.isPending && !fromDevice && rows.length === 0 ? (
          <Spinner />
        ) : rows.length === 0 ? (
          <p className="whanau-muted">{q.trim() ? t('whanau.list.noneMatch') : t('whanau.list.none')}</p>
        ) : (
          <ul className="whanau-list" aria-label={plainText(t('whanau.list.title'))}>
            {rows.map((row) => (
              <li key={row._id} className="whanau-list__item">
                <Link to={staffPaths.whanau(row._id)} className="whanau-list__name">
                  {row.name}
                </Link>
                <span className="whanau-muted">
                  {row.waiting
                    ? t('whanau.saved')
                    : `${t('whanau.list.members', { count: row.memberCount, shown: formatNumber(row.memberCount) })} · ${t('whanau.list.changed', { date: formatDate(row.updatedAt) })}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

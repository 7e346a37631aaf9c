import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { serviceKeys } from '@contract/enrolments';
import type { WhanauDetail } from '@contract/whanau';
import { Button, LinkButton } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { formatNumber } from '../../../i18n/i18n';
import { Rich, plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { getStaffCipher } from '../../../lib/staff-cipher';
import { staffPaths } from '../../../lib/staff-paths';
import { useOnline, useReadAgainWhenOnline } from '../../../lib/use-online';
import { usePageTitle } from '../../../lib/use-page-title';
import { useWhanau } from '../api/get-whanau';
import { useDetailChanges } from '../api/detail-changes';
import { useVoice } from '../api/voice';
import { keepWhanau, keptWhanau, keptWhanauSummary } from '../offline/whanau-copy';
import { isWaiting, newWhanauDetail, useWhanauItems, withWaitingWrites, type ShownWhanau, type WhanauItem } from '../offline/whanau-items';
import { sendNow } from '../offline/whanau-writes';
import { useOpenKeptWhanau, useWhanauCopyRevision, useWhanauCopySync } from '../offline/use-whanau-copy';
import { ContactsSection } from './activity-sections';
import { DetailChangesSection } from './detail-changes-section';
import { GoalClashPanel } from './goal-clash-panel';
import { MembersSection, type ClientLookup } from './members-section';
import { itemKindLabel } from './labels';
import { LinkedPhonesSection } from './linked-phones-section';
import { PlanSection } from './plan-section';
import { RatingsSection } from './ratings-section';
import { useWhanauShares } from './share-toggle';
import { SuggestionsSection } from './suggestions-section';
import { WhanauDetails } from './whanau-details';
import './whanau.css';

export type WhanauUser = { _id: string; name: string; services: readonly string[] };

/** The newer of the server's answer and the device's copy (the copy may have been refreshed since). */
function newer(a: WhanauDetail | undefined, b: WhanauDetail | undefined): WhanauDetail | undefined {
  if (!a || !b) return a ?? b;
  const size = (detail: WhanauDetail) =>
    detail.members.length + detail.goals.length + detail.contacts.length + detail.goals.reduce((sum, goal) => sum + goal.version, 0);
  return b.version > a.version || (b.version === a.version && size(b) > size(a)) ? b : a;
}

/** The whānau as the server sent it, or as kept on this device, or as saved here and not yet sent. */
export function useShownWhanau(id: string, user: WhanauUser, lookup: Pick<ClientLookup, 'clientOf'>) {
  useWhanauCopySync(user._id);
  useOpenKeptWhanau(user._id, id);
  useWhanauCopyRevision();
  const query = useWhanau(id);
  const items = useWhanauItems(user._id);
  // Signal back after the whānau was read from the device: ask the server again.
  useReadAgainWhenOnline(query);
  // A whānau opened with signal joins the copy on this device.
  useEffect(() => {
    const cipher = getStaffCipher();
    if (query.data && cipher && cipher.userId === user._id) void keepWhanau(cipher, query.data).catch(() => undefined);
  }, [query.data, user._id]);
  const create = items.find((item) => item.change?.kind === 'whanau.create' && item.entityId === id && isWaiting(item));
  const fromDevice = keptWhanau(id) ?? (create?.change?.kind === 'whanau.create' ? newWhanauDetail(id, create.createdAt, create.change.fields) : undefined);
  const base = newer(query.data, fromDevice);
  const shown = base ? withWaitingWrites(base, items, lookup.clientOf, user) : undefined;
  // Kept on this device but not decrypted yet: a moment, not "not kept".
  const opening = keptWhanauSummary(id) !== undefined && keptWhanau(id) === undefined;
  return { query, items, shown, opening, onDevice: base !== undefined && query.data === undefined, notSent: create !== undefined };
}

type WhanauPageProps = {
  id: string;
  user: WhanauUser;
  isManager: boolean;
  lookup: ClientLookup;
  /** The whānau's follow-ups and the form to add one (the follow-ups feature's, composed by the route). */
  followUps: (whanau: ShownWhanau) => ReactNode;
};

/** /whanau/{id}: the members, the plan, follow-ups, recent contacts and notes; works from the device's copy with no signal. */
export function WhanauPage({ id, user, isManager, lookup, followUps }: WhanauPageProps) {
  const t = useT();
  const { query, items, shown, opening, onDevice, notSent } = useShownWhanau(id, user, lookup);
  usePageTitle(shown?.name ?? plainText(t('whanau.page.title')));
  // What the whānau's own app brings (issue 34): read with signal, never kept on this device.
  const online = useOnline();
  const onServer = shown !== undefined && !notSent;
  const shares = useWhanauShares(id, onServer);
  const voice = useVoice(id, online && onServer);
  const detailChanges = useDetailChanges(id, online && onServer);
  const { refetch: refetchVoice } = voice;
  // An answer to a suggestion or a rating recorded here has landed: read the whānau's voice again.
  const landedVoice = items.filter((item) => (item.kind === 'suggestion.answer' || item.kind === 'rating.create') && item.status === 'synced').length;
  useEffect(() => {
    if (landedVoice > 0) void refetchVoice();
  }, [landedVoice, refetchVoice]);

  if (!shown) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <>
        <PageHeader eyebrow={<Rich id="whanau.list.title" />} title={<Rich id="whanau.page.title" />} />
        <div className="container page-body whanau">
          {query.isPending || opening ? (
            <Spinner />
          ) : (
            <p className="whanau-card whanau-card--notice">{missing ? t('whanau.page.notFound') : t('whanau.page.notKept')}</p>
          )}
          <p>
            <Link to={staffPaths.whanauList}>{t('whanau.back')}</Link>
          </p>
        </div>
      </>
    );
  }

  const mine = items.filter((item) => relatesTo(item, shown));
  const clashes = mine.filter((item) => item.status === 'conflict' && item.conflict);
  const stopped = mine.filter((item) => item.status === 'rejected' || item.status === 'stuck');
  const waiting = mine.filter((item) => item.status !== 'synced' && item.status !== 'conflict' && item.status !== 'rejected');
  const services = isManager ? serviceKeys : user.services;
  const kindWords = (kind: string) => {
    const key = itemKindLabel[kind];
    return key ? t(key) : undefined;
  };
  return (
    <>
      <PageHeader eyebrow={<Rich id="whanau.page.title" />} title={shown.name} lead={notSent ? t('whanau.page.unsent') : undefined} />
      <div className="container page-body whanau whanau-page">
        <p className="whanau-noprint">
          <Link to={staffPaths.whanauList}>{t('whanau.back')}</Link>
        </p>
        {onDevice && <p className="whanau-card whanau-card--notice whanau-noprint">{notSent ? t('whanau.page.savedHere') : t('whanau.page.fromDevice')}</p>}
        {clashes.map((item) => (
          <GoalClashPanel key={item._id} item={item} goalText={shown.goals.find((goal) => goal._id === item.entityId)?.text ?? ''} />
        ))}
        <div className="whanau-page__grid">
          <div className="whanau-page__main">
            <PlanSection
              whanau={shown}
              services={services}
              canEdit
              onPrint={() => window.print()}
              shares={onServer ? shares : undefined}
              comments={voice.data?.comments}
            />
            {onServer && !voice.data && !online && <p className="whanau-card whanau-card--notice whanau-noprint">{t('whanau.voice.offline')}</p>}
            {voice.data && <SuggestionsSection whanau={shown} suggestions={voice.data.suggestions} items={items} services={services} />}
            {/* Recorded with the whānau at a visit, with or without signal. */}
            {onServer && (
              <RatingsSection
                whanauId={shown._id}
                ratings={voice.data?.ratings}
                waiting={items.filter((item) => item.kind === 'rating.create' && isWaiting(item) && item.subjectId === shown._id).length}
              />
            )}
            <MembersSection whanau={shown} lookup={lookup} canAdd />
            {detailChanges.data && <DetailChangesSection whanau={shown} changes={detailChanges.data} lookup={lookup} online={online} />}
            {onServer && <LinkedPhonesSection whanau={shown} />}
            {/* Made here and not yet sent, it can still be edited: the edit goes after it (issue 31). */}
            <WhanauDetails whanau={shown} canEdit />
          </div>
          <div className="whanau-page__side whanau-noprint">
            <section className="whanau-card" aria-labelledby="whanau-sync-heading">
              <h2 id="whanau-sync-heading">{t('whanau.sync.title')}</h2>
              <p data-testid="whanau-waiting" aria-live="polite">
                {waiting.length > 0 ? t('whanau.sync.waiting', { count: waiting.length, shown: formatNumber(waiting.length) }) : t('whanau.sync.nothing')}
              </p>
              {stopped.map((item) => (
                <p key={item._id} className="whanau-problem">
                  {t('whanau.sync.stopped', { what: kindWords(item.kind) ?? item.label, message: item.errors.map((error) => errorMessage(error)).join(' ') })}
                </p>
              ))}
              {waiting.length > 0 && (
                <Button variant="outline" size="sm" onClick={sendNow}>
                  {t('whanau.sync.sendNow')}
                </Button>
              )}
            </section>
            <section className="whanau-card" aria-labelledby="contact-cta-heading">
              <h2 id="contact-cta-heading">{t('whanau.contact.title')}</h2>
              <p className="whanau-muted">{t('whanau.contact.lead')}</p>
              <LinkButton to={staffPaths.whanauContact(shown._id)}>{t('whanau.contact.record')}</LinkButton>
            </section>
            {followUps(shown)}
          </div>
        </div>
        <ContactsSection whanau={shown} />
      </div>
    </>
  );
}

/** Whether an item is about this whānau (the page lists its state). */
function relatesTo(item: WhanauItem, whanau: WhanauDetail): boolean {
  if (item.subjectId === whanau._id || item.entityId === whanau._id) return true;
  return item.kind === 'goal.update' && whanau.goals.some((goal) => goal._id === item.entityId);
}

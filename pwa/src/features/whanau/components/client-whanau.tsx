import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Relationship } from '@contract/whanau';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextField } from '../../../components/text-field';
import { Rich } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { keptWhanauOfClient, keptWhanauSummary, searchKeptWhanau } from '../offline/whanau-copy';
import { isWaiting, useWhanauItems, type WhanauItem } from '../offline/whanau-items';
import { queueMember, queueNewWhanau } from '../offline/whanau-writes';
import { useWhanauCopyRevision, useWhanauCopySync } from '../offline/use-whanau-copy';
import { RelationshipFields } from './relationship-fields';
import { relationshipText } from './members-section';
import './whanau.css';

type Found = { whanauId: string; name: string; relationship: Relationship | null; relationshipText: string | null; waiting: boolean };

/** The client's whānau: from the copy on this device, or a membership saved here and not yet sent. */
function useClientWhanau(clientId: string, items: readonly WhanauItem[]): Found | undefined {
  const kept = keptWhanauOfClient(clientId);
  if (kept) {
    const member = kept.whanau.members.find((candidate) => candidate._id === kept.memberId);
    return {
      whanauId: kept.whanau._id,
      name: kept.whanau.name,
      relationship: member?.relationship ?? null,
      relationshipText: member?.relationshipText ?? null,
      waiting: false,
    };
  }
  for (const item of items) {
    if (item.change?.kind !== 'member.link' || item.change.member.clientId !== clientId || !isWaiting(item)) continue;
    const { whanauId, relationship } = item.change.member;
    const create = items.find((other) => other.entityId === whanauId && other.change?.kind === 'whanau.create');
    const name = keptWhanauSummary(whanauId)?.name ?? (create?.change?.kind === 'whanau.create' ? create.change.fields.name : '');
    return { whanauId, name, relationship, relationshipText: item.change.member.relationshipText ?? null, waiting: true };
  }
  return undefined;
}

type ClientWhanauProps = {
  clientId: string;
  userId: string;
  /** After a client is made from an enrolment: offer to start or join a whānau when they have none. */
  offer: boolean;
  /** The client's name, to suggest the whānau's (e.g. "Te Whānau a Pōtae" is theirs to say; this only fills the family name). */
  familyName?: string;
};

/**
 * What a client page shows of the client's whānau (composed by the client route): their whānau
 * with a link, or — after the client was made from an enrolment — an offer to start one or join one.
 */
export function ClientWhanau({ clientId, userId, offer, familyName = '' }: ClientWhanauProps) {
  const t = useT();
  useWhanauCopySync(userId);
  useWhanauCopyRevision();
  const items = useWhanauItems(userId);
  const found = useClientWhanau(clientId, items);
  if (found) {
    return (
      <section className="whanau-card whanau-client" aria-labelledby="client-whanau-heading">
        <h2 id="client-whanau-heading">
          <Rich id="whanau.client.title" />
        </h2>
        <p>
          <Link to={staffPaths.whanau(found.whanauId)}>{found.name}</Link>
          {found.relationship && (
            <span className="whanau-chip">{relationshipText({ relationship: found.relationship, relationshipText: found.relationshipText }, t)}</span>
          )}
        </p>
        {found.waiting && <p className="whanau-muted">{t('whanau.saved')}</p>}
      </section>
    );
  }
  return offer ? <WhanauOffer clientId={clientId} familyName={familyName} /> : null;
}

const offerFields = ['name', 'whanauId', 'relationship', 'relationshipText'] as const;

/** Start a whānau with this client in it, or add them to one the kaimahi works with. */
function WhanauOffer({ clientId, familyName }: { clientId: string; familyName: string }) {
  const t = useT();
  const [mode, setMode] = useState<'start' | 'join'>('start');
  const [name, setName] = useState(familyName);
  const [q, setQ] = useState('');
  const [whanauId, setWhanauId] = useState('');
  const [relationship, setRelationship] = useState<Relationship | ''>('');
  const [relationshipOther, setRelationshipOther] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const form = useFormErrors(offerFields);
  const found = q.trim() ? searchKeptWhanau(q).slice(0, 8) : [];
  if (dismissed) return null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.clear();
    const own: Record<string, string[]> = {};
    if (mode === 'join' && !whanauId) own.whanauId = [t('whanau.offer.chooseWhanau')];
    if (!relationship) own.relationship = [t('whanau.members.chooseRelationship')];
    if (Object.keys(own).length > 0) {
      form.show([], own);
      return;
    }
    await form.send(async () => {
      const id = mode === 'start' ? await queueNewWhanau({ name }) : whanauId;
      await queueMember({ whanauId: id, clientId, relationship, relationshipText: relationship === 'other' ? relationshipOther : undefined });
    });
  }

  return (
    <section className="whanau-card whanau-offer" aria-labelledby="whanau-offer-heading">
      <h2 id="whanau-offer-heading">{t('whanau.offer.title')}</h2>
      <p className="whanau-muted">{t('whanau.offer.lead')}</p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form">
        <ErrorSummary state={form} />
        <fieldset className="whanau-choice">
          <legend>{t('whanau.offer.how')}</legend>
          <label>
            <input type="radio" name="offer-mode" checked={mode === 'start'} onChange={() => setMode('start')} /> {t('whanau.offer.start')}
          </label>
          <label>
            <input type="radio" name="offer-mode" checked={mode === 'join'} onChange={() => setMode('join')} /> {t('whanau.offer.join')}
          </label>
        </fieldset>
        {mode === 'start' ? (
          <TextField
            label={t('whanau.field.name')}
            hint={t('whanau.field.nameHint')}
            name="name"
            value={name}
            autoComplete="off"
            error={form.errorOf('name')}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        ) : (
          <>
            <TextField
              type="search"
              label={t('whanau.list.search')}
              name="whanauSearch"
              value={q}
              autoComplete="off"
              onChange={(event) => setQ(event.currentTarget.value)}
            />
            <fieldset className="whanau-choice">
              <legend>{t('whanau.offer.found')}</legend>
              {found.length === 0 ? (
                <p className="whanau-muted">{q.trim() ? t('whanau.list.noneMatch') : t('whanau.members.typeToSearch')}</p>
              ) : (
                found.map((whanau) => (
                  <label key={whanau._id}>
                    <input type="radio" name="whanauId" checked={whanauId === whanau._id} onChange={() => setWhanauId(whanau._id)} /> {whanau.name}
                  </label>
                ))
              )}
              {form.errorOf('whanauId') && <p className="field__error">{form.errorOf('whanauId')}</p>}
            </fieldset>
          </>
        )}
        <RelationshipFields
          relationship={relationship}
          other={relationshipOther}
          onRelationship={setRelationship}
          onOther={setRelationshipOther}
          errorOf={form.errorOf}
        />
        <div className="whanau-form__actions">
          <Button type="submit" disabled={form.saving}>
            {mode === 'start' ? t('whanau.offer.saveStart') : t('whanau.offer.saveJoin')}
          </Button>
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            {t('whanau.offer.notNow')}
          </Button>
        </div>
      </form>
    </section>
  );
}

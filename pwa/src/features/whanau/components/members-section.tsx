import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { type MemberRecord, type Relationship } from '@contract/whanau';
import type { ProposableField } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { TextField } from '../../../components/text-field';
import { plainText } from '../../../i18n/rich-text';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import type { ShownWhanau } from '../offline/whanau-items';
import { queueMember, queueMemberOut } from '../offline/whanau-writes';
import { personName, relationshipLabel } from './labels';
import { RelationshipFields } from './relationship-fields';

/** A client this kaimahi may add, as the clients feature finds them (composed by the route). */
export type ClientOption = { _id: string; name: string };

/** What the whānau screens need of client records; the route gives it from the clients feature. */
export type ClientLookup = {
  /** Clients kept on this device matching a search (names, phone, email). */
  searchClients: (q: string) => ClientOption[];
  /** A client's name for a member saved on this device (null when not known here). */
  clientOf: (clientId: string) => MemberRecord['client'];
  /** A member's contact details as kept on this device, to set beside a change they proposed (null when not kept here). */
  contactOf?: (clientId: string) => Record<ProposableField, string | null> | null;
  /** Saves a new client record on this device (the clients feature's write); resolves with its id. */
  createClient: (givenName: string, familyName: string) => Promise<string>;
};

/** "Mother", or the words given for "other" ("aunty"). */
export function relationshipText(
  member: Pick<MemberRecord, 'relationship' | 'relationshipText'>,
  t: (key: (typeof relationshipLabel)[Relationship]) => string,
) {
  if (!member.relationship) return '';
  return member.relationship === 'other' && member.relationshipText ? member.relationshipText : plainText(t(relationshipLabel[member.relationship]));
}

type MembersSectionProps = { whanau: ShownWhanau; lookup: ClientLookup; canAdd: boolean };

/** The members: each with their relationship and a link to their record; hidden ones as "another member". */
export function MembersSection({ whanau, lookup, canAdd }: MembersSectionProps) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState('');
  const [leaving, setLeaving] = useState<string | null>(null);
  const outErrors = useFormErrors([] as const);

  async function takeOut(memberId: string, name: string) {
    if (await outErrors.send(() => queueMemberOut(whanau._id, memberId))) {
      setLeaving(null);
      setMessage(t('whanau.members.outSaved', { name }));
    }
  }

  return (
    <section className="whanau-card whanau-noprint" aria-labelledby="members-heading">
      <div className="whanau-card__head">
        <h2 id="members-heading">{t('whanau.members.title')}</h2>
        {canAdd && !adding && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setMessage('');
              setAdding(true);
            }}
          >
            {t('whanau.members.add')}
          </Button>
        )}
      </div>
      <p className="whanau-status" role="status">
        {message}
      </p>
      {whanau.members.length === 0 ? (
        <p className="whanau-muted">{t('whanau.members.none')}</p>
      ) : (
        <ul className="whanau-members">
          {whanau.members.map((member) => {
            const waiting = whanau.waiting.get(member._id);
            return (
              <li key={member._id} className="whanau-members__item" data-testid="member">
                {member.client && member.clientId ? (
                  <Link to={staffPaths.client(member.clientId)}>{personName(member.client)}</Link>
                ) : member.clientId ? (
                  <span>{t('whanau.members.newClient')}</span>
                ) : (
                  <span className="whanau-muted">{t('whanau.members.another')}</span>
                )}
                {member.relationship && <span className="whanau-chip">{relationshipText(member, t)}</span>}
                {waiting && <span className="whanau-saved">{t(`whanau.state.${waiting.status}`)}</span>}
                {canAdd && member.client && leaving !== member._id && (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="whanau-members__out"
                    onClick={() => {
                      setMessage('');
                      outErrors.clear();
                      setLeaving(member._id);
                    }}
                  >
                    {t('whanau.members.out', { name: personName(member.client) })}
                  </Button>
                )}
                {member.client && leaving === member._id && (
                  <div className="whanau-members__confirm" role="group" aria-labelledby={`out-${member._id}`}>
                    <p id={`out-${member._id}`}>{t('whanau.members.outConfirm', { name: personName(member.client) })}</p>
                    <ErrorSummary state={outErrors} />
                    <div className="whanau-form__actions">
                      <Button size="sm" onClick={() => void takeOut(member._id, personName(member.client!))}>
                        {t('whanau.members.outYes')}
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setLeaving(null)}>
                        {t('whanau.cancel')}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {adding && (
        <AddMemberForm
          whanauId={whanau._id}
          memberIds={whanau.members.flatMap((member) => (member.clientId ? [member.clientId] : []))}
          lookup={lookup}
          onDone={(saved) => {
            setAdding(false);
            if (saved) setMessage(t('whanau.members.saved'));
          }}
        />
      )}
    </section>
  );
}

const memberFields = ['clientId', 'givenName', 'familyName', 'relationship', 'relationshipText'] as const;

type AddMemberFormProps = { whanauId: string; memberIds: string[]; lookup: ClientLookup; onDone: (saved: boolean) => void };

/** A member from the clients kept on this device (searched), or a new client; with their relationship. */
function AddMemberForm({ whanauId, memberIds, lookup, onDone }: AddMemberFormProps) {
  const t = useT();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [q, setQ] = useState('');
  const [clientId, setClientId] = useState('');
  const [givenName, setGivenName] = useState('');
  const [familyName, setFamilyName] = useState('');
  const [relationship, setRelationship] = useState<Relationship | ''>('');
  const [relationshipOther, setRelationshipOther] = useState('');
  const form = useFormErrors(memberFields);
  const found = q.trim()
    ? lookup
        .searchClients(q)
        .filter((client) => !memberIds.includes(client._id))
        .slice(0, 8)
    : [];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.clear();
    const own: Record<string, string[]> = {};
    if (mode === 'existing' && !clientId) own.clientId = [t('whanau.members.chooseClient')];
    if (mode === 'new' && !givenName.trim()) own.givenName = [t('whanau.members.giveName')];
    if (mode === 'new' && !familyName.trim()) own.familyName = [t('whanau.members.giveFamilyName')];
    if (!relationship) own.relationship = [t('whanau.members.chooseRelationship')];
    if (Object.keys(own).length > 0) {
      form.show([], own);
      return;
    }
    const member = { whanauId, relationship, relationshipText: relationship === 'other' ? relationshipOther : undefined };
    const saved = await form.send(async () => {
      const id = mode === 'existing' ? clientId : await lookup.createClient(givenName, familyName);
      await queueMember({ ...member, clientId: id });
    });
    if (saved) onDone(true);
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="whanau-form whanau-form--inset" aria-labelledby="add-member-heading">
      <h3 id="add-member-heading">{t('whanau.members.add')}</h3>
      <ErrorSummary state={form} />
      <fieldset className="whanau-choice">
        <legend>{t('whanau.members.who')}</legend>
        <label>
          <input type="radio" name="mode" checked={mode === 'existing'} onChange={() => setMode('existing')} /> {t('whanau.members.existing')}
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'new'} onChange={() => setMode('new')} /> {t('whanau.members.new')}
        </label>
      </fieldset>
      {mode === 'existing' ? (
        <>
          <TextField
            type="search"
            label={t('whanau.members.search')}
            hint={t('whanau.members.searchHint')}
            name="clientSearch"
            value={q}
            autoComplete="off"
            onChange={(event) => setQ(event.currentTarget.value)}
          />
          <fieldset className="whanau-choice" aria-invalid={form.errorOf('clientId') ? true : undefined}>
            <legend>{t('whanau.members.found')}</legend>
            {found.length === 0 ? (
              <p className="whanau-muted">{q.trim() ? t('whanau.members.noneFound') : t('whanau.members.typeToSearch')}</p>
            ) : (
              found.map((client) => (
                <label key={client._id}>
                  <input type="radio" name="clientId" value={client._id} checked={clientId === client._id} onChange={() => setClientId(client._id)} />{' '}
                  {client.name}
                </label>
              ))
            )}
            {form.errorOf('clientId') && <p className="field__error">{form.errorOf('clientId')}</p>}
          </fieldset>
        </>
      ) : (
        <div className="whanau-form__row">
          <TextField
            label={t('whanau.members.givenName')}
            name="givenName"
            value={givenName}
            autoComplete="off"
            error={form.errorOf('givenName')}
            onChange={(event) => setGivenName(event.currentTarget.value)}
          />
          <TextField
            label={t('whanau.members.familyName')}
            name="familyName"
            value={familyName}
            autoComplete="off"
            error={form.errorOf('familyName')}
            onChange={(event) => setFamilyName(event.currentTarget.value)}
          />
        </div>
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
          {t('whanau.members.save')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(false)}>
          {t('whanau.cancel')}
        </Button>
      </div>
    </form>
  );
}

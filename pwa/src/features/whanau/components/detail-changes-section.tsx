import { useState } from 'react';
import { proposableFields, type DetailChange, type ProposableField } from '@contract/whanau-app';
import { Button } from '../../../components/button';
import { ErrorSummary, useFormErrors } from '../../../components/form-errors';
import { type MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useAnswerDetailChange } from '../api/detail-changes';
import type { ShownWhanau } from '../offline/whanau-items';
import { nzDateTime, personName } from './labels';
import type { ClientLookup } from './members-section';

const fieldLabel = {
  phone: 'whanau.proposed.phone',
  email: 'whanau.proposed.email',
  address: 'whanau.proposed.address',
  suburb: 'whanau.proposed.suburb',
} as const satisfies Record<ProposableField, MessageKey>;

type DetailChangesProps = {
  whanau: ShownWhanau;
  changes: readonly DetailChange[];
  lookup: Pick<ClientLookup, 'contactOf'>;
  online: boolean;
};

/**
 * Changes members proposed to their own phone, email and address from the whānau app: what the
 * record holds now beside what they propose, accepted or declined field by field. Answered at once
 * on the server, so it needs signal.
 */
export function DetailChangesSection({ whanau, changes, lookup, online }: DetailChangesProps) {
  const t = useT();
  // Kept here: the change leaves the list once every field is answered, and the words stay.
  const [message, setMessage] = useState('');
  const open = changes.filter((change) => change.status === 'new');
  if (open.length === 0 && !message) return null;
  const nameOf = (clientId: string) => {
    const member = whanau.members.find((candidate) => candidate.clientId === clientId);
    return member?.client ? personName(member.client) : t('whanau.members.another');
  };
  return (
    <section className="whanau-card whanau-noprint" aria-labelledby="detail-changes-heading" data-testid="detail-changes">
      <h2 id="detail-changes-heading">{t('whanau.proposed.title')}</h2>
      <p className="whanau-muted">{t('whanau.proposed.lead')}</p>
      {!online && <p className="whanau-card--notice whanau-offline-note">{t('whanau.proposed.offline')}</p>}
      <p className="whanau-status" role="status">
        {message}
      </p>
      <ul className="whanau-plain-list">
        {open.map((change) => (
          <ProposedChange
            key={change._id}
            whanauId={whanau._id}
            change={change}
            name={nameOf(change.clientId)}
            current={lookup.contactOf?.(change.clientId) ?? null}
            online={online}
            onAnswered={setMessage}
          />
        ))}
      </ul>
    </section>
  );
}

function ProposedChange({
  whanauId,
  change,
  name,
  current,
  online,
  onAnswered,
}: {
  whanauId: string;
  change: DetailChange;
  name: string;
  current: Record<ProposableField, string | null> | null;
  online: boolean;
  onAnswered: (message: string) => void;
}) {
  const t = useT();
  const answer = useAnswerDetailChange();
  const errors = useFormErrors(proposableFields);
  const waiting = proposableFields.filter((field) => field in change.proposed && change.decisions[field] === undefined);

  async function decide(field: ProposableField, accepted: boolean) {
    onAnswered('');
    if (await errors.send(() => answer.mutateAsync({ whanauId, changeId: change._id, fields: { [field]: accepted } })))
      onAnswered(t(accepted ? 'whanau.proposed.acceptedField' : 'whanau.proposed.declinedField', { field: t(fieldLabel[field]) }));
  }

  return (
    <li data-testid="detail-change">
      <p className="whanau-proposed__who">
        <strong>{name}</strong> <span className="whanau-muted">{nzDateTime(change.createdAt)}</span>
      </p>
      <ErrorSummary state={errors} />
      <dl className="whanau-proposed">
        {waiting.map((field) => (
          <div key={field} className="whanau-proposed__field">
            <dt>{t(fieldLabel[field])}</dt>
            <dd>
              <span className="whanau-proposed__now">
                {t('whanau.proposed.now')} {current ? (current[field] ?? t('whanau.proposed.empty')) : t('whanau.proposed.notKept')}
              </span>
              <span className="whanau-proposed__new">
                {t('whanau.proposed.proposed')} <strong>{change.proposed[field] ?? t('whanau.proposed.empty')}</strong>
              </span>
              <span className="whanau-form__actions">
                <Button size="sm" disabled={!online || answer.isPending} onClick={() => void decide(field, true)}>
                  {t('whanau.proposed.accept')}
                  <span className="visually-hidden"> {t(fieldLabel[field])}</span>
                </Button>
                <Button variant="outline" size="sm" disabled={!online || answer.isPending} onClick={() => void decide(field, false)}>
                  {t('whanau.proposed.decline')}
                  <span className="visually-hidden"> {t(fieldLabel[field])}</span>
                </Button>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

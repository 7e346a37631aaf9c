import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ClientRecord } from '@contract/clients';
import type { DuplicatePair, MergeRecord } from '@contract/duplicates';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { QueryState } from '../../../components/manage/query-state';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { staffPaths } from '../../../lib/staff-paths';
import { useDuplicates } from '../api/get-duplicates';
import { useMarkNotSame } from '../api/mark-not-same';
import { useMergeClients, useUndoMerge } from '../api/merge-clients';
import '../../../components/manage/manage.css';
import './duplicates.css';

/** The fields a merge chooses between, as the record shows them. */
const mergeFields = ['givenName', 'familyName', 'preferredName', 'dateOfBirth', 'phone', 'email', 'address', 'suburb', 'iwi', 'hapu', 'notes'] as const;
type MergeField = (typeof mergeFields)[number];
const fieldLabel: Record<MergeField, MessageKey> = {
  givenName: 'import.field.givenName',
  familyName: 'import.field.familyName',
  preferredName: 'import.field.preferredName',
  dateOfBirth: 'import.field.dateOfBirth',
  phone: 'import.field.phone',
  email: 'import.field.email',
  address: 'import.field.address',
  suburb: 'import.field.suburb',
  iwi: 'import.field.iwi',
  hapu: 'import.field.hapu',
  notes: 'import.field.notes',
};
const reasonLabel: Record<DuplicatePair['reasons'][number], MessageKey> = {
  dateOfBirthAndName: 'duplicates.reason.dateOfBirthAndName',
  phone: 'duplicates.reason.phone',
  email: 'duplicates.reason.email',
};

const fullName = (client: ClientRecord) => `${client.givenName} ${client.familyName}`.trim();
const pairKey = (pair: DuplicatePair) => `${pair.a._id}:${pair.b._id}`;

/** /manage/duplicates (DESIGN §4f, decision 120): likely pairs, "not the same person", merge field by field, undo. */
export function DuplicatesPage() {
  const t = useT();
  const showErrors = useShowErrors();
  const duplicates = useDuplicates();
  const notSame = useMarkNotSame();
  const merge = useMergeClients();
  const undo = useUndoMerge();
  const [open, setOpen] = useState<string | null>(null);
  // Kept here, not in the form: the list may redraw (a refetch) while a manager chooses.
  const [choices, setChoices] = useState<Choices>({});
  const [done, setDone] = useState<{ merge: MergeRecord; name: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const headingId = useId();
  const busy = notSame.isPending || merge.isPending || undo.isPending;

  async function markNotSame(pair: DuplicatePair) {
    try {
      await notSame.mutateAsync({ a: pair.a._id, b: pair.b._id });
      setDone(null);
      setMessage(t('duplicates.markedNotSame'));
    } catch (error) {
      showErrors(error);
    }
  }

  async function mergePair(pair: DuplicatePair, choices: Choices) {
    try {
      const record = await merge.mutateAsync({
        keptId: pair.a._id,
        otherId: pair.b._id,
        choices,
        baseVersions: { kept: pair.a.version, other: pair.b.version },
      });
      setOpen(null);
      setMessage(null);
      setDone({ merge: record, name: fullName(record.kept) });
    } catch (error) {
      showErrors(error);
    }
  }

  async function undoLast() {
    if (!done) return;
    try {
      await undo.mutateAsync(done.merge._id);
      setDone(null);
      setMessage(t('duplicates.undone'));
    } catch (error) {
      showErrors(error);
    }
  }

  const movedCount = (record: MergeRecord) => Object.values(record.moved).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <ManagePageHeader eyebrow={t('duplicates.eyebrow')} title={t('duplicates.title')} lead={t('duplicates.lead')} />
      <div className="container manage-page">
        <BackToManage />
        <section className="manage-card duplicates" aria-labelledby={headingId}>
          <h2 id={headingId}>{t('duplicates.title')}</h2>
          <div role="status">
            {done ? (
              <p className="duplicates__result">
                {t('duplicates.merged', { name: done.name, count: movedCount(done.merge) })}{' '}
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => void undoLast()}>
                  {t('duplicates.undo')}
                </Button>
              </p>
            ) : message ? (
              <p className="duplicates__result">{message}</p>
            ) : null}
          </div>
          <QueryState query={duplicates}>
            {({ items }) =>
              items.length === 0 ? (
                <p className="manage-empty">{t('duplicates.none')}</p>
              ) : (
                <>
                  <p className="manage-card__lead">{t('duplicates.count', { count: items.length })}</p>
                  <ol className="manage-list">
                    {items.map((pair) => (
                      <li key={pairKey(pair)} className="manage-list__item manage-list__item--wrap duplicates__pair">
                        <div className="manage-list__text">
                          <span className="manage-list__title">
                            <Link to={staffPaths.client(pair.a._id)}>{fullName(pair.a)}</Link>
                            {' · '}
                            <Link to={staffPaths.client(pair.b._id)}>{fullName(pair.b)}</Link>
                          </span>
                          <span className="manage-list__meta">{pair.reasons.map((reason) => t(reasonLabel[reason])).join(' · ')}</span>
                        </div>
                        <div className="duplicates__actions">
                          <Button
                            variant="secondary"
                            size="sm"
                            disabled={busy}
                            onClick={() => setOpen(open === pairKey(pair) ? null : pairKey(pair))}
                            aria-expanded={open === pairKey(pair)}
                          >
                            {t('duplicates.compare')}
                          </Button>
                          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void markNotSame(pair)}>
                            {t('duplicates.notSame')}
                          </Button>
                        </div>
                        {open === pairKey(pair) ? (
                          <MergeForm
                            pair={pair}
                            busy={busy}
                            choices={choices}
                            onChoose={setChoices}
                            onMerge={() => void mergePair(pair, choices)}
                            onCancel={() => setOpen(null)}
                          />
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </>
              )
            }
          </QueryState>
        </section>
      </div>
    </>
  );
}

type Choices = Partial<Record<MergeField, 'kept' | 'other'>>;
type MergeFormProps = { pair: DuplicatePair; busy: boolean; choices: Choices; onChoose(choices: Choices): void; onMerge(): void; onCancel(): void };

/** Both records side by side, one choice per field that differs; the first record's value unless another is chosen. */
function MergeForm({ pair, busy, choices, onChoose, onMerge, onCancel }: MergeFormProps) {
  const t = useT();
  const id = useId();
  const differing = mergeFields.filter((field) => (pair.a[field] ?? null) !== (pair.b[field] ?? null));
  const show = (value: string | number | null) => (value === null || value === '' ? t('duplicates.empty') : String(value));
  return (
    <form
      className="duplicates__merge"
      onSubmit={(event) => {
        event.preventDefault();
        onMerge();
      }}
    >
      <table className="duplicates__table">
        <thead>
          <tr>
            <th scope="col">{t('duplicates.field')}</th>
            <th scope="col">{t('duplicates.first')}</th>
            <th scope="col">{t('duplicates.second')}</th>
          </tr>
        </thead>
        <tbody>
          {differing.map((field) => {
            const name = `${id}-${field}`;
            const chosen = choices[field] ?? 'kept';
            return (
              <tr key={field}>
                <th scope="row">{t(fieldLabel[field])}</th>
                {(['kept', 'other'] as const).map((side) => (
                  <td key={side}>
                    <label className="duplicates__choice">
                      <input type="radio" name={name} value={side} checked={chosen === side} onChange={() => onChoose({ ...choices, [field]: side })} />
                      <span>{show((side === 'kept' ? pair.a : pair.b)[field])}</span>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="duplicates__actions">
        <Button type="submit" size="sm" disabled={busy}>
          {t('duplicates.merge')}
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onCancel}>
          {t('duplicates.cancel')}
        </Button>
      </div>
    </form>
  );
}

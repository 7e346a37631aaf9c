import { useId, useState } from 'react';
import { importFieldsOf, importKinds, type ImportField, type ImportKind, type ImportPreview } from '@contract/import';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { Button } from '../../../components/button';
import type { MessageKey } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { useConfirmImport, useRemapImport, useUndoImport } from '../api/import-steps';
import { uploadImport } from '../api/upload-import';
import '../../../components/manage/manage.css';
import './import.css';

const fieldLabel: Record<ImportField, MessageKey> = {
  whanauName: 'import.field.whanauName',
  relationship: 'import.field.relationship',
  service: 'import.field.service',
  enrolledOn: 'import.field.enrolledOn',
  status: 'import.field.status',
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
};

const kindLabel: Record<ImportKind, MessageKey> = {
  clients: 'import.kind.clients',
  whanau: 'import.kind.whanau',
  enrolments: 'import.kind.enrolments',
};

const confirmLabel: Record<ImportKind, MessageKey> = {
  clients: 'import.confirm',
  whanau: 'import.confirm.whanau',
  enrolments: 'import.confirm.enrolments',
};

/** /manage/import (DESIGN §4f, decision 119): choose what the file holds, upload, map the columns, preview, confirm, undo. */
export function ImportPage() {
  const t = useT();
  const showErrors = useShowErrors();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<ImportKind>('clients');
  // null: not reading; 0–1: the share of the file sent; 'writing': the confirm is running.
  const [progress, setProgress] = useState<number | 'writing' | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const remap = useRemapImport();
  const confirm = useConfirmImport();
  const undo = useUndoImport();
  const fileId = useId();
  const busy = progress !== null || remap.isPending || confirm.isPending || undo.isPending;

  async function read() {
    if (!file) return;
    setProgress(0);
    try {
      setPreview(await uploadImport(file, kind, setProgress));
    } catch (error) {
      showErrors(error);
    } finally {
      setProgress(null);
    }
  }

  async function mapColumn(column: string, field: string) {
    if (!preview) return;
    try {
      setPreview(await remap.mutateAsync({ id: preview._id, mapping: { ...preview.mapping, [column]: field ? (field as ImportField) : null } }));
    } catch (error) {
      showErrors(error);
    }
  }

  async function write() {
    if (!preview) return;
    setProgress('writing');
    try {
      setPreview(await confirm.mutateAsync(preview._id));
    } catch (error) {
      showErrors(error);
    } finally {
      setProgress(null);
    }
  }

  async function undoAll() {
    if (!preview) return;
    try {
      setPreview(await undo.mutateAsync(preview._id));
    } catch (error) {
      showErrors(error);
    }
  }

  return (
    <>
      <ManagePageHeader eyebrow={t('import.eyebrow')} title={t('import.title')} lead={t('import.lead')} />
      <div className="container manage-page">
        <BackToManage />
        {!preview || preview.status === 'undone' ? (
          <form
            className="manage-card import__upload"
            onSubmit={(event) => {
              event.preventDefault();
              void read();
            }}
          >
            {preview?.status === 'undone' ? (
              <p role="status" className="import__result">
                {t('import.undone')}
              </p>
            ) : null}
            <fieldset className="import__kinds">
              <legend>{t('import.kind')}</legend>
              {importKinds.map((option) => (
                <label key={option} className="import__kind">
                  <input type="radio" name="kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
                  <span>{t(kindLabel[option])}</span>
                </label>
              ))}
            </fieldset>
            <label htmlFor={fileId}>{t('import.file')}</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Button type="submit" disabled={!file || busy}>
              {t('import.upload')}
            </Button>
          </form>
        ) : null}
        {progress !== null ? (
          <div className="manage-card import__progress">
            <label>
              {t(progress === 'writing' ? 'import.writing' : 'import.reading')}
              {progress === 'writing' || progress >= 1 ? <progress /> : <progress max={1} value={progress} />}
            </label>
          </div>
        ) : null}
        {preview && preview.status !== 'undone' ? (
          <ImportPreviewView preview={preview} busy={busy} onMap={mapColumn} onConfirm={write} onUndo={undoAll} />
        ) : null}
      </div>
    </>
  );
}

type PreviewProps = {
  preview: ImportPreview;
  busy: boolean;
  onMap(column: string, field: string): Promise<void>;
  onConfirm(): Promise<void>;
  onUndo(): Promise<void>;
};

function ImportPreviewView({ preview, busy, onMap, onConfirm, onUndo }: PreviewProps) {
  const t = useT();
  const id = useId();
  const { counts } = preview;
  if (preview.status === 'confirmed') {
    return (
      <section className="manage-card" aria-labelledby={`${id}-done`}>
        <h2 id={`${id}-done`}>{preview.name}</h2>
        <p role="status" className="import__result">
          {t(preview.kind === 'clients' ? 'import.created' : 'import.createdRecords', { count: counts.created })}
        </p>
        <Button variant="secondary" disabled={busy} onClick={() => void onUndo()}>
          {t('import.undo')}
        </Button>
      </section>
    );
  }
  return (
    <>
      <section className="manage-card" aria-labelledby={`${id}-mapping`}>
        <h2 id={`${id}-mapping`}>{t('import.mapping')}</h2>
        <p className="manage-card__lead">{t('import.mappingLead')}</p>
        <div className="import__mapping">
          {preview.columns.map((column) => (
            <label key={column} className="import__column">
              <span>{column}</span>
              <select value={preview.mapping[column] ?? ''} disabled={busy} onChange={(event) => void onMap(column, event.target.value)}>
                <option value="">{t('import.notImported')}</option>
                {importFieldsOf[preview.kind].map((field: ImportField) => (
                  <option key={field} value={field}>
                    {t(fieldLabel[field])}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </section>
      <section className="manage-card" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>
          {t('import.preview')}: {preview.name}
        </h2>
        <ul className="import__counts">
          <li>{t('import.rows', { count: counts.rows })}</li>
          <li>
            <strong>{t('import.toCreate', { count: counts.toCreate })}</strong>
          </li>
          {preview.kind === 'whanau' ? (
            <>
              <li>
                <strong>{t('import.whanauToCreate', { count: counts.whanauToCreate })}</strong>
              </li>
              <li>
                <strong>{t('import.toAdd.whanau', { count: counts.toAdd })}</strong>
              </li>
            </>
          ) : null}
          {preview.kind === 'enrolments' ? (
            <li>
              <strong>{t('import.toAdd.enrolments', { count: counts.toAdd })}</strong>
            </li>
          ) : null}
          <li>{t('import.alreadyThere', { count: counts.alreadyThere })}</li>
          <li>{t('import.repeated', { count: counts.repeated })}</li>
          <li>{t('import.withProblems', { count: counts.withProblems })}</li>
        </ul>
        <Button disabled={busy || counts.toCreate + counts.toAdd === 0} onClick={() => void onConfirm()}>
          {t(confirmLabel[preview.kind])}
        </Button>
        {preview.problems.length ? (
          <>
            <h3 className="import__problems-heading">{t('import.problems')}</h3>
            <ul className="import__problems">
              {preview.problems.map((problem) => (
                <li key={`${problem.row}-${problem.field ?? ''}-${problem.msg}`}>{t('import.problem', { row: problem.row, msg: problem.msg })}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}

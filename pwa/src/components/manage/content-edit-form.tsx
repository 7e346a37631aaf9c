import { useState, type FormEvent, type ReactNode } from 'react';
import type { ApiErrorItem } from '@contract/errors';
import type { ImageInfo, PublicationState } from '@contract/content';
import { Button } from '../button';
import { ErrorSummary, useFormErrors } from '../form-errors';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import { useT } from '../../i18n/use-t';
import { imageUrl } from '../../lib/image-size';
import { isoToNzLocal, nzLocalToIso } from '../../lib/nz-time';
import { ImagePickerField, imageProblem } from './image-picker-field';
import { PublicationField } from './publication-field';
import { UploadProgress } from './upload-progress';
import type { SaveContentRequest } from './content-changes';

export type EditableTextField = { name: string; label: string; multiline?: boolean; hint?: ReactNode; autoComplete?: string };

type ParseResult = { success: true } | { success: false; errors: ApiErrorItem[] };

type ContentEditFormProps<Saved> = {
  label: string;
  fields: readonly EditableTextField[];
  initial: Record<string, string>;
  image: ImageInfo;
  status: PublicationState;
  publishAt: string | null;
  /** The contract's schema through `checkInput`: the same rules (and codes) as the server. */
  check: (values: Record<string, string>) => ParseResult;
  save: (request: SaveContentRequest) => Promise<Saved>;
  saving: boolean;
  onSaved: (saved: Saved) => void;
};

/**
 * Edits a published (or draft, or scheduled) post or feature: its words as they are now, its
 * picture (kept unless a new one is chosen) and where it stands. JSON when only words change,
 * multipart with progress when a picture comes (decision 090).
 */
export function ContentEditForm<Saved>({ label, fields, initial, image, status, publishAt, check, save, saving, onSaved }: ContentEditFormProps<Saved>) {
  const t = useT();
  const fieldNames = [...fields.map((field) => field.name), 'image', 'status', 'publishAt'];
  const formErrors = useFormErrors(fieldNames);
  const [values, setValues] = useState(initial);
  const [publication, setPublication] = useState({ status, publishAt: status === 'scheduled' && publishAt ? isoToNzLocal(publishAt) : '' });
  const [newImage, setNewImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving) return;
    const typedTime = publication.status === 'scheduled' ? (nzLocalToIso(publication.publishAt) ?? publication.publishAt) : '';
    const fieldsToSend = { ...values, status: publication.status, publishAt: typedTime };
    const parsed = check(fieldsToSend);
    const pictureProblem = newImage ? imageProblem(newImage) : undefined;
    if (!parsed.success || pictureProblem) {
      formErrors.show(parsed.success ? [] : parsed.errors, pictureProblem ? { image: [pictureProblem] } : {});
      return;
    }
    formErrors.clear();
    setProgress(newImage ? 0 : null);
    try {
      onSaved(await save({ fields: fieldsToSend, image: newImage ?? undefined, onUploadProgress: setProgress }));
    } catch (error) {
      formErrors.showFailure(error);
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="manage-form content-edit" noValidate onSubmit={(event) => void handleSubmit(event)} aria-label={label}>
      <ErrorSummary state={formErrors} />
      {fields.map((field) =>
        field.multiline ? (
          <TextArea
            key={field.name}
            label={field.label}
            name={field.name}
            required
            rows={10}
            hint={field.hint}
            value={values[field.name] ?? ''}
            error={formErrors.errorOf(field.name)}
            readOnly={saving}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setValues((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            required
            hint={field.hint}
            autoComplete={field.autoComplete}
            value={values[field.name] ?? ''}
            error={formErrors.errorOf(field.name)}
            readOnly={saving}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setValues((current) => ({ ...current, [field.name]: value }));
            }}
          />
        ),
      )}
      <div className="content-edit__picture">
        <figure className="content-edit__current">
          <img src={imageUrl(image.src, 'small')} alt={image.alt} width={image.width} height={image.height} />
          <figcaption>{t('manage.edit.currentPicture')}</figcaption>
        </figure>
        <ImagePickerField label={t('manage.edit.newPicture')} file={newImage} error={formErrors.errorOf('image')} disabled={saving} onChange={setNewImage} />
      </div>
      <PublicationField
        status={publication.status}
        publishAt={publication.publishAt}
        statusError={formErrors.errorOf('status')}
        publishAtError={formErrors.errorOf('publishAt')}
        disabled={saving}
        onChange={(change) => setPublication((current) => ({ ...current, ...change }))}
      />
      <UploadProgress fraction={progress} />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={saving}>
          {saving ? t('manage.saving') : t('manage.edit.save')}
        </Button>
      </div>
    </form>
  );
}

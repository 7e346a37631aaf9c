import type { z } from 'zod';
import { checkInput } from '@contract/errors';
import type { PublicationState } from '@contract/content';
import { useAlerts } from '../alerts/alerts-context';
import { useShowErrors } from '../alerts/use-show-errors';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import { Button } from '../button';
import { ErrorSummary } from '../form-errors';
import { useT } from '../../i18n/use-t';
import type { MessageKey } from '../../i18n/i18n';
import type { SpecKey } from '../../i18n/spec';
import { nzLocalToIso } from '../../lib/nz-time';
import { ImagePickerField } from './image-picker-field';
import { MarkdownHint } from './markdown-hint';
import { PublicationField } from './publication-field';
import { specAlert } from './spec-alert';
import { UploadProgress } from './upload-progress';
import { useUploadForm } from './use-upload-form';
import './content-edit.css';

type Field = 'title' | 'author' | 'text' | 'imageAlt' | 'status' | 'publishAt';

/** The typed New Zealand time as the API takes it (ISO with its offset), only when scheduling. */
const withPublishTime = (values: Record<Field, string>): Record<Field, string> => ({
  ...values,
  publishAt: values.status === 'scheduled' ? (nzLocalToIso(values.publishAt) ?? values.publishAt) : '',
});

type PictureItemFormProps<Schema extends z.ZodType> = {
  /** The contract's create schema: the form checks with the rules (and codes) the server applies. */
  schema: Schema;
  send: (fields: z.output<Schema>, image: File, onUploadProgress: (fraction: number) => void) => Promise<unknown>;
  /** An author field after the title (blog posts). */
  withAuthor?: boolean;
  textRows: number;
  /** The trust's alert once it is made. */
  created: SpecKey;
  labels: { form: MessageKey; create: MessageKey; creating: MessageKey };
  onCreated: () => void;
};

/**
 * A new published item with a picture (a blog post, a home page feature): title, perhaps an
 * author, Markdown text, a picture with its description and when it is published, all required.
 */
export function PictureItemForm<Schema extends z.ZodType>({
  schema,
  send,
  withAuthor = false,
  textRows,
  created,
  labels,
  onCreated,
}: PictureItemFormProps<Schema>) {
  const t = useT();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const form = useUploadForm({
    // The fields are the form's keys, in its order (the summary lists errors so): an item without an author has none.
    initialValues: { title: '', ...(withAuthor && { author: '' }), text: '', imageAlt: '', status: 'published', publishAt: '' } as Record<Field, string>,
    parse: (values) => checkInput(schema, withPublishTime(values)),
    send,
    onSent: () => {
      setAlert(specAlert(created), 'success');
      onCreated();
    },
    onServerError: showErrors,
  });
  const { values, errors, sending } = form;

  return (
    <form ref={form.formRef} className="manage-form" noValidate onSubmit={form.handleSubmit} aria-label={t(labels.form)}>
      <ErrorSummary state={form.formErrors} />
      <TextField
        label={t('manage.title.label')}
        name="title"
        required
        value={values.title}
        error={errors.title?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('title', event.currentTarget.value)}
      />
      {withAuthor && (
        <TextField
          label={t('manage.author')}
          name="author"
          required
          autoComplete="name"
          value={values.author}
          error={errors.author?.join(' ')}
          readOnly={sending}
          onChange={(event) => form.setValue('author', event.currentTarget.value)}
        />
      )}
      <TextArea
        label={t('manage.text')}
        name="text"
        required
        rows={textRows}
        hint={<MarkdownHint />}
        value={values.text}
        error={errors.text?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('text', event.currentTarget.value)}
      />
      <ImagePickerField label={t('manage.picture')} file={form.image} error={errors.image?.join(' ')} disabled={sending} onChange={form.setImage} />
      <TextField
        label={t('manage.pictureAlt')}
        name="imageAlt"
        required
        hint={t('manage.pictureAltHint')}
        value={values.imageAlt}
        error={errors.imageAlt?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('imageAlt', event.currentTarget.value)}
      />
      <PublicationField
        status={values.status as PublicationState}
        publishAt={values.publishAt}
        statusError={errors.status?.join(' ')}
        publishAtError={errors.publishAt?.join(' ')}
        disabled={sending}
        onChange={(change) => {
          if (change.status !== undefined) form.setValue('status', change.status);
          if (change.publishAt !== undefined) form.setValue('publishAt', change.publishAt);
        }}
      />
      <UploadProgress fraction={form.progress} />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? t(labels.creating) : t(labels.create)}
        </Button>
      </div>
    </form>
  );
}

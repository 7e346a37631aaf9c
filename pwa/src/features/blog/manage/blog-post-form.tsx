import { CreateBlogPostSchema } from '@contract/content';
import { checkInput } from '@contract/errors';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useCreateBlogPost } from './create-blog-post';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { ImagePickerField } from '../../../components/manage/image-picker-field';
import { MarkdownHint } from '../../../components/manage/markdown-hint';
import { UploadProgress } from '../../../components/manage/upload-progress';
import { useUploadForm } from '../../../components/manage/use-upload-form';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/form-errors';
import { useT } from '../../../i18n/use-t';
import { PublicationField } from '../../../components/manage/publication-field';
import { nzLocalToIso } from '../../../lib/nz-time';
import type { PublicationState } from '@contract/content';
import '../../../components/manage/content-edit.css';
import { specAlert } from '../../../components/manage/spec-alert';

const emptyPost = { title: '', author: '', text: '', imageAlt: '', status: 'published', publishAt: '' };

/** The typed New Zealand time as the API takes it (ISO with its offset), only when scheduling. */
const withPublishTime = <Values extends { status: string; publishAt: string }>(values: Values): Values => ({
  ...values,
  publishAt: values.status === 'scheduled' ? (nzLocalToIso(values.publishAt) ?? values.publishAt) : '',
});

/** "New post": title, author, Markdown text and a picture with its description, all required. */
export function BlogPostForm({ onCreated }: { onCreated: () => void }) {
  const t = useT();
  const createPost = useCreateBlogPost();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const form = useUploadForm({
    initialValues: emptyPost,
    parse: (values) => checkInput(CreateBlogPostSchema, withPublishTime(values)),
    send: (fields, image, onUploadProgress) => createPost.mutateAsync({ fields, image, onUploadProgress }),
    onSent: () => {
      setAlert(specAlert('blogPostCreated'), 'success');
      onCreated();
    },
    onServerError: showErrors,
  });
  const { values, errors, sending } = form;

  return (
    <form ref={form.formRef} className="manage-form" noValidate onSubmit={form.handleSubmit} aria-label={t('manage.newPost')}>
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
      <TextArea
        label={t('manage.text')}
        name="text"
        required
        rows={8}
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
          {sending ? t('manage.creatingPost') : t('manage.createPost')}
        </Button>
      </div>
    </form>
  );
}

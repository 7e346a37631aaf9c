import { CreateBlogPostSchema } from '@contract/content';
import { checkInput } from '@contract/errors';
import { useAlerts } from '../../alerts/alerts-context';
import { useShowErrors } from '../../alerts/use-show-errors';
import { useCreateBlogPost } from '../api/create-blog-post';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { ImagePickerField } from './image-picker-field';
import { MarkdownHint } from './markdown-hint';
import { UploadProgress } from './upload-progress';
import { useUploadForm } from './use-upload-form';
import { Button } from '../../../components/button';

const emptyPost = { title: '', author: '', text: '', imageAlt: '' };

/** "New post": title, author, Markdown text and a picture with its description, all required. */
export function BlogPostForm({ onCreated }: { onCreated: () => void }) {
  const createPost = useCreateBlogPost();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const form = useUploadForm({
    initialValues: emptyPost,
    parse: (values) => checkInput(CreateBlogPostSchema, values),
    send: (fields, image, onUploadProgress) => createPost.mutateAsync({ fields, image, onUploadProgress }),
    onSent: () => {
      setAlert('Blog Post Created', 'success');
      onCreated();
    },
    onServerError: showErrors,
  });
  const { values, errors, sending } = form;

  return (
    <form ref={form.formRef} className="manage-form" noValidate onSubmit={form.handleSubmit} aria-label="New post">
      <TextField
        label="Title"
        name="title"
        required
        value={values.title}
        error={errors.title?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('title', event.currentTarget.value)}
      />
      <TextField
        label="Author"
        name="author"
        required
        autoComplete="name"
        value={values.author}
        error={errors.author?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('author', event.currentTarget.value)}
      />
      <TextArea
        label="Text"
        name="text"
        required
        rows={8}
        hint={<MarkdownHint />}
        value={values.text}
        error={errors.text?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('text', event.currentTarget.value)}
      />
      <ImagePickerField label="Picture" file={form.image} error={errors.image?.join(' ')} disabled={sending} onChange={form.setImage} />
      <TextField
        label="Picture description"
        name="imageAlt"
        required
        hint="Describe the picture for people who can't see it"
        value={values.imageAlt}
        error={errors.imageAlt?.join(' ')}
        readOnly={sending}
        onChange={(event) => form.setValue('imageAlt', event.currentTarget.value)}
      />
      <UploadProgress fraction={form.progress} />
      <div className="manage-form__actions">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {sending ? 'Creating post…' : 'Create post'}
        </Button>
      </div>
    </form>
  );
}

import { CreateBlogPostSchema } from '@contract/content';
import { useCreateBlogPost } from './create-blog-post';
import { PictureItemForm } from '../../../components/manage/picture-item-form';

/** "New post": title, author, Markdown text and a picture with its description, all required. */
export function BlogPostForm({ onCreated }: { onCreated: () => void }) {
  const createPost = useCreateBlogPost();
  return (
    <PictureItemForm
      schema={CreateBlogPostSchema}
      send={(fields, image, onUploadProgress) => createPost.mutateAsync({ fields, image, onUploadProgress })}
      withAuthor
      textRows={8}
      created="blogPostCreated"
      labels={{ form: 'manage.newPost', create: 'manage.createPost', creating: 'manage.creatingPost' }}
      onCreated={onCreated}
    />
  );
}

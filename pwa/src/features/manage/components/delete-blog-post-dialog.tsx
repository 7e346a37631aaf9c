import { useNavigate } from 'react-router-dom';
import type { BlogPost } from '@contract/content';
import { paths } from '../../../lib/paths';
import { useAlerts } from '../../alerts/alerts-context';
import { useShowErrors } from '../../alerts/use-show-errors';
import { useDeleteBlogPost } from '../api/delete-blog-post';
import { ConfirmDialog } from './confirm-dialog';

/** Asks before deleting a post; then 'Post Delted' (the trust's wording) and back to /manage. */
export function DeleteBlogPostDialog({ post, onClose }: { post: Pick<BlogPost, '_id' | 'title'> | null; onClose: () => void }) {
  const deletePost = useDeleteBlogPost();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const navigate = useNavigate();

  return (
    <ConfirmDialog
      open={post !== null}
      title="Delete this post?"
      message={post ? `“${post.title}” and its picture will be removed from the blog. This cannot be undone.` : ''}
      confirmLabel="Delete post"
      busy={deletePost.isPending}
      onCancel={onClose}
      onConfirm={async () => {
        if (!post || deletePost.isPending) return;
        // Awaited rather than mutate callbacks: those are dropped if this dialog unmounts first.
        try {
          await deletePost.mutateAsync(post._id);
        } catch (error) {
          onClose();
          showErrors(error);
          return;
        }
        onClose();
        setAlert('Post Delted', 'danger');
        void navigate(paths.manage);
      }}
    />
  );
}

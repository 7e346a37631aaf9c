import { useNavigate } from 'react-router-dom';
import type { BlogPost } from '@contract/content';
import { paths } from '../../../lib/paths';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { useShowErrors } from '../../../components/alerts/use-show-errors';
import { useDeleteBlogPost } from './delete-blog-post';
import { ConfirmDialog } from '../../../components/manage/confirm-dialog';
import { useT } from '../../../i18n/use-t';
import { specAlert } from '../../../components/manage/spec-alert';

/** Asks before deleting a post; then 'Post Delted' (the trust's wording) and back to /manage. */
export function DeleteBlogPostDialog({ post, onClose }: { post: Pick<BlogPost, '_id' | 'title'> | null; onClose: () => void }) {
  const t = useT();
  const deletePost = useDeleteBlogPost();
  const { setAlert } = useAlerts();
  const showErrors = useShowErrors();
  const navigate = useNavigate();

  return (
    <ConfirmDialog
      open={post !== null}
      title={t('manage.deletePostTitle')}
      message={post ? t('manage.deletePostMessage', { title: post.title }) : ''}
      confirmLabel={t('manage.deletePost')}
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
        setAlert(specAlert('postDeleted'), 'danger');
        void navigate(paths.manage);
      }}
    />
  );
}

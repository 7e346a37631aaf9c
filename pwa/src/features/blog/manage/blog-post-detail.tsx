import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { MarkdownContent } from '../../../components/markdown-content';
import { ManagePageHeader } from '../../../app/manage/manage-page-header';
import { ResponsiveImage } from '../../../components/responsive-image';
import { paths } from '../../../lib/paths';
import { useBlogPost } from '../api/get-blog-post';
import { BackToManage } from '../../../app/manage/back-to-manage';
import { DeleteBlogPostDialog } from './delete-blog-post-dialog';
import { formatDateTime } from '../../../app/manage/format';
import { QueryState } from '../../../app/manage/query-state';
import '../../../app/manage/manage.css';
import { useT } from '../../../i18n/use-t';

/** /manage/blog/{id}: one post as it appears on the blog, with a delete button. */
export function BlogPostDetail({ id }: { id: string }) {
  const t = useT();
  const post = useBlogPost(id);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <ManagePageHeader eyebrow={t('manage.blogPostEyebrow')} title={post.data?.title ?? t('manage.blogPost')} />
      <div className="container manage-page">
        <BackToManage />
        <QueryState query={post}>
          {(loaded) => (
            <article className="manage-card manage-detail">
              <p className="manage-detail__meta">
                {t('manage.postMeta', { author: loaded.author, when: formatDateTime(loaded.createdAt) })}{' '}
                <Link to={paths.blogPost(loaded._id)}>{t('manage.seeOnBlog')}</Link>
              </p>
              <ResponsiveImage
                className="manage-detail__image"
                src={loaded.image.src}
                alt={loaded.image.alt}
                width={loaded.image.width}
                height={loaded.image.height}
                sizes="(min-width: 50rem) 44rem, 100vw"
                eager
              />
              <p className="manage-detail__alt">
                <strong>{t('manage.pictureDescription')}</strong> {loaded.image.alt}
              </p>
              <MarkdownContent markdown={loaded.text} />
              <div className="manage-detail__actions">
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t('manage.deletePost')}
                </Button>
              </div>
            </article>
          )}
        </QueryState>
        <DeleteBlogPostDialog post={confirming ? (post.data ?? null) : null} onClose={() => setConfirming(false)} />
      </div>
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { MarkdownContent } from '../../../components/markdown-content';
import { ManagePageHeader } from './manage-page-header';
import { ResponsiveImage } from '../../../components/responsive-image';
import { paths } from '../../../lib/paths';
import { useBlogPost } from '../api/get-blog-post';
import { BackToManage } from './back-to-manage';
import { DeleteBlogPostDialog } from './delete-blog-post-dialog';
import { formatDateTime } from './format';
import { QueryState } from './query-state';
import './manage.css';

/** /manage/blog/{id}: one post as it appears on the blog, with a delete button. */
export function BlogPostDetail({ id }: { id: string }) {
  const post = useBlogPost(id);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <ManagePageHeader eyebrow="Site management · Blog post" title={post.data?.title ?? 'Blog post'} />
      <div className="container manage-page">
        <BackToManage />
        <QueryState query={post} what="blog post">
          {(loaded) => (
            <article className="manage-card manage-detail">
              <p className="manage-detail__meta">
                By {loaded.author} · posted {formatDateTime(loaded.createdAt)} · <Link to={paths.blogPost(loaded._id)}>See it on the blog</Link>
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
                <strong>Picture description:</strong> {loaded.image.alt}
              </p>
              <MarkdownContent markdown={loaded.text} />
              <div className="manage-detail__actions">
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  Delete post
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

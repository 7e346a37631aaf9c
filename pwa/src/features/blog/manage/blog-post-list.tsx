import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPost } from '@contract/content';
import { Button } from '../../../components/button';
import { imageUrl } from '../../../lib/image-size';
import { staffPaths } from '../../../lib/staff-paths';
import { useBlogPosts } from '../api/get-blog-posts';
import { OlderPosts } from '../components/older-posts';
import { DeleteBlogPostDialog } from './delete-blog-post-dialog';
import { formatDate } from '../../../components/manage/format';
import { QueryState } from '../../../components/manage/query-state';
import { UnpublishedList } from '../../../components/manage/unpublished-list';
import '../../../components/manage/content-edit.css';
import { useUnpublishedBlogPosts } from './managed-blog-post';
import { useT } from '../../../i18n/use-t';

/** The posts on the blog, newest first (older ones a page at a time), each with a link to its page and a delete button. */
export function BlogPostList() {
  const t = useT();
  const posts = useBlogPosts();
  const [postToDelete, setPostToDelete] = useState<Pick<BlogPost, '_id' | 'title'> | null>(null);

  const unpublished = useUnpublishedBlogPosts();

  return (
    <>
      <UnpublishedList query={unpublished} linkTo={staffPaths.manageBlog} />
      <QueryState query={posts}>
        {(list) =>
          list.length === 0 ? (
            <p className="manage-empty">{t('manage.noPosts')}</p>
          ) : (
            <ul className="manage-list">
              {list.map((post) => (
                <li key={post._id} className="manage-list__item">
                  <img className="manage-list__thumb" src={imageUrl(post.image.src, 'small')} alt="" loading="lazy" width={64} height={48} />
                  <div className="manage-list__text">
                    <Link to={staffPaths.manageBlog(post._id)} className="manage-list__title">
                      {post.title}
                    </Link>
                    <span className="manage-list__meta">
                      {post.author} · {formatDate(post.createdAt)}
                    </span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="manage-delete-button"
                    onClick={() => setPostToDelete(post)}
                    aria-label={t('manage.deletePostNamed', { title: post.title })}
                  >
                    {t('manage.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <OlderPosts posts={posts} />
      {/* Outside the list, so it stays mounted when the last post goes. */}
      <DeleteBlogPostDialog post={postToDelete} onClose={() => setPostToDelete(null)} />
    </>
  );
}

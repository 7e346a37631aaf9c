import { useState } from 'react';
import type { BlogPost } from '@contract/content';
import { staffPaths } from '../../../lib/staff-paths';
import { useBlogPosts } from '../api/get-blog-posts';
import { OlderPosts } from '../components/older-posts';
import { DeleteBlogPostDialog } from './delete-blog-post-dialog';
import { formatDate } from '../../../components/manage/format';
import { QueryState } from '../../../components/manage/query-state';
import { ManagedListItem } from '../../../components/manage/managed-list-item';
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
                <ManagedListItem
                  key={post._id}
                  image={post.image.src}
                  title={post.title}
                  href={staffPaths.manageBlog(post._id)}
                  meta={`${post.author} · ${formatDate(post.createdAt)}`}
                  deleteLabel={t('manage.deletePostNamed', { title: post.title })}
                  onDelete={() => setPostToDelete(post)}
                />
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

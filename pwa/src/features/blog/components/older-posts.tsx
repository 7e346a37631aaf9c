import '../../../i18n/pages';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import type { useBlogPosts } from '../api/get-blog-posts';
import './older-posts.css';

/**
 * "Show older posts" under a blog list (the public page and /manage), while the server has more
 * than the pages loaded; says so when the next page could not be loaded.
 */
export function OlderPosts({ posts }: { posts: ReturnType<typeof useBlogPosts> }) {
  const t = useT();
  if (!posts.hasNextPage) return null;
  return (
    <div className="older-posts">
      {posts.isFetchNextPageError && (
        <p className="older-posts__failed" role="status">
          {t('blog.olderFailed')}
        </p>
      )}
      <Button variant="outline" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage} aria-busy={posts.isFetchingNextPage}>
        {posts.isFetchingNextPage ? t('blog.loadingOlder') : t('blog.older')}
      </Button>
    </div>
  );
}

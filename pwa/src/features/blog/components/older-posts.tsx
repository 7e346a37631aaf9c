import '../../../i18n/pages';
import { Button } from '../../../components/button';
import { useT } from '../../../i18n/use-t';
import type { useBlogPosts } from '../api/get-blog-posts';
import './older-posts.css';

/**
 * "Show older posts" under a blog list (the public page and /manage), while the server has more
 * than the pages loaded; says so when the next page could not be loaded. On the public page
 * (`next`) it is a form's button: with JavaScript off, or before the app has started, it asks the
 * server for the page of older posts (`?page=`); with the app it adds them below instead.
 */
export function OlderPosts({ posts, next }: { posts: ReturnType<typeof useBlogPosts>; next?: { path: string; page: number } }) {
  const t = useT();
  if (!posts.hasNextPage) return null;
  const button = (
    <Button
      variant="outline"
      type={next ? 'submit' : 'button'}
      onClick={next ? undefined : () => void posts.fetchNextPage()}
      disabled={posts.isFetchingNextPage}
      aria-busy={posts.isFetchingNextPage}
    >
      {posts.isFetchingNextPage ? t('blog.loadingOlder') : t('blog.older')}
    </Button>
  );
  return (
    <div className="older-posts">
      {posts.isFetchNextPageError && (
        <p className="older-posts__failed" role="status">
          {t('blog.olderFailed')}
        </p>
      )}
      {next ? (
        <form
          method="get"
          action={next.path}
          onSubmit={(event) => {
            event.preventDefault();
            void posts.fetchNextPage();
          }}
        >
          <input type="hidden" name="page" value={next.page} />
          {button}
        </form>
      ) : (
        button
      )}
    </div>
  );
}

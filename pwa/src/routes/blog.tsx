import { plainText } from '../i18n/rich-text';
import '../i18n/pages';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { BlogCard } from '../features/blog/components/blog-card';
import { blogPageOf, useBlogPosts } from '../features/blog/api/get-blog-posts';
import { OlderPosts } from '../features/blog/components/older-posts';
import { markNotFound, usePageTitle } from '../lib/use-page-title';
import { paths } from '../lib/paths';
import { useT } from '../i18n/use-t';
import './pages.css';

/**
 * The blog: every post, newest first, a page at a time ("Show older posts"). `?page=` starts the
 * list at that page: where "Show older posts" leads with JavaScript off, with a way back to the
 * newest. A page past the last is answered 404.
 */
export default function BlogRoute() {
  const t = useT();
  usePageTitle(t('blog.title'), plainText(t('blog.lead')));
  const [search] = useSearchParams();
  const from = blogPageOf(search.get('page'));
  const posts = useBlogPosts(from);
  if (from > 1 && posts.data?.length === 0) markNotFound(true);
  return (
    <>
      <PageHeader eyebrow={t('blog.title')} title={t('blog.heading')} lead={t('blog.lead')} />
      <div className="container page-body">
        {posts.isPending ? (
          <Spinner />
        ) : posts.isError ? (
          <p className="blog-empty">{t('blog.loadFailed')}</p>
        ) : posts.data.length === 0 ? (
          <p className="blog-empty">{t('blog.empty')}</p>
        ) : (
          <>
            <ul className="blog-list">
              {posts.data.map((post, index) => (
                <li key={post._id}>
                  <BlogCard post={post} eager={index < 2} />
                </li>
              ))}
            </ul>
            <OlderPosts posts={posts} next={{ path: paths.blog, page: from + 1 }} />
            {from > 1 && (
              <p className="blog-newest">
                <LinkButton to={paths.blog} variant="outline">
                  {t('blog.newest')}
                </LinkButton>
              </p>
            )}
          </>
        )}
      </div>
    </>
  );
}

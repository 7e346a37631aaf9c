import '../i18n/pages';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { BlogCard } from '../features/blog/components/blog-card';
import { useBlogPosts } from '../features/blog/api/get-blog-posts';
import { OlderPosts } from '../features/blog/components/older-posts';
import { usePageTitle } from '../lib/use-page-title';
import { useT } from '../i18n/use-t';
import './pages.css';

/** The blog: every post, newest first, a page at a time ("Show older posts"). */
export default function BlogRoute() {
  const t = useT();
  usePageTitle(t('blog.title'));
  const posts = useBlogPosts();
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
            <OlderPosts posts={posts} />
          </>
        )}
      </div>
    </>
  );
}

import '../i18n/pages';
import { useParams } from 'react-router-dom';
import { excerptOf } from '@contract/excerpt';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { isMissing, isNotSaved, useBlogPost } from '../features/blog/api/get-blog-post';
import { BlogPostView } from '../features/blog/components/blog-post-view';
import { paths } from '../lib/paths';
import { markNotFound, usePageTitle } from '../lib/use-page-title';
import { useT } from '../i18n/use-t';
import './pages.css';

/** `/blog/{id}`: one post. */
export default function BlogPostRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const post = useBlogPost(id);
  usePageTitle(
    post.data?.title ?? (post.isError ? t('blog.title') : undefined),
    post.data && excerptOf(post.data.text),
    post.data && `${post.data.image.src}${post.data.image.src.includes('?') ? '&' : '?'}size=large`,
  );

  if (post.isPending) return <Spinner />;
  if (post.isError) {
    const missing = isMissing(post.error);
    markNotFound(missing);
    // Never opened on this phone and no signal: it loads by itself when the phone is back online.
    const offline = isNotSaved(post.error);
    return (
      <>
        <PageHeader
          title={missing ? t('blog.notFound') : offline ? t('blog.notOffline') : t('blog.loadPostFailed')}
          lead={missing ? t('blog.removed') : offline ? t('blog.openOnline') : t('blog.checkConnection')}
        />
        <div className="container page-body">
          <LinkButton to={paths.blog} variant="secondary">
            {t('blog.all')}
          </LinkButton>
        </div>
      </>
    );
  }
  return <BlogPostView post={post.data} />;
}

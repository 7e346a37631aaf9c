import { useParams } from 'react-router-dom';
import { LinkButton } from '../components/button';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { useBlogPost } from '../features/blog/api/get-blog-post';
import { BlogPostView } from '../features/blog/components/blog-post-view';
import { ApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** `/blog/{id}`: one post. */
export default function BlogPostRoute() {
  const { id = '' } = useParams();
  const post = useBlogPost(id);
  usePageTitle(post.data?.title ?? (post.isError ? 'Blog' : undefined));

  if (post.isPending) return <Spinner />;
  if (post.isError) {
    const status = post.error instanceof ApiRequestError ? post.error.status : undefined;
    const missing = status === 404 || status === 400;
    const offline = status === 0;
    return (
      <>
        <PageHeader
          title={missing ? 'Post not found' : offline ? 'This post is not available offline' : 'This post could not be loaded'}
          lead={
            missing
              ? 'It may have been removed.'
              : offline
                ? 'It has not been opened on this device before. Connect to the internet to read it.'
                : 'Please check your connection and try again.'
          }
        />
        <div className="container page-body">
          <LinkButton to={paths.blog} variant="secondary">
            All news and stories
          </LinkButton>
        </div>
      </>
    );
  }
  return <BlogPostView post={post.data} />;
}

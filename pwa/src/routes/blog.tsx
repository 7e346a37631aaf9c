import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { BlogCard } from '../features/blog/components/blog-card';
import { useBlogPosts } from '../features/blog/api/get-blog-posts';
import { usePageTitle } from '../lib/use-page-title';
import './pages.css';

/** The blog: every post, newest first. */
export default function BlogRoute() {
  usePageTitle('Blog');
  const posts = useBlogPosts();
  return (
    <>
      <PageHeader eyebrow="Blog" title="News and stories" lead="What is happening at the trust and in our community." />
      <div className="container page-body">
        {posts.isPending ? (
          <Spinner />
        ) : posts.isError ? (
          <p className="blog-empty">The blog could not be loaded just now. Please try again soon.</p>
        ) : posts.data.length === 0 ? (
          <p className="blog-empty">No stories yet — check back soon for news from the trust.</p>
        ) : (
          <ul className="blog-list">
            {posts.data.map((post, index) => (
              <li key={post._id}>
                <BlogCard post={post} eager={index < 2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

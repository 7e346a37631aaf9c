import type { BlogListItem } from '@contract/answers';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../../components/responsive-image';
import { paths } from '../../../lib/paths';
import { excerptOf } from '@contract/excerpt';
import { formatPostDate, publishedAt } from '../format-date';
import { useLanguage } from '../../../i18n/use-t';
import './blog.css';

/** A post in the blog list: picture, title, author, date and a short excerpt. */
export function BlogCard({ post, eager = false }: { post: BlogListItem; eager?: boolean }) {
  useLanguage(); // the date follows the chosen language
  return (
    <article className="blog-card">
      <div className="blog-card__media">
        <ResponsiveImage
          src={post.image.src}
          alt={post.image.alt}
          width={post.image.width}
          height={post.image.height}
          eager={eager}
          className="blog-card__image"
        />
      </div>
      <div className="blog-card__body">
        <p className="blog-card__meta">
          <time dateTime={publishedAt(post)}>{formatPostDate(publishedAt(post))}</time> · {post.author}
        </p>
        <h2 className="blog-card__title">
          <Link to={paths.blogPost(post._id)} className="blog-card__link">
            {post.title}
          </Link>
        </h2>
        <p className="blog-card__excerpt">{post.excerpt ?? excerptOf(post.text ?? '')}</p>
      </div>
    </article>
  );
}

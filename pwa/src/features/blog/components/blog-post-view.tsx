import type { BlogPost } from '@contract/content';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/all-icons';
import { MarkdownContent } from '../../../components/markdown-content';
import { ResponsiveImage } from '../../../components/responsive-image';
import { paths } from '../../../lib/paths';
import { formatPostDate, publishedAt } from '../format-date';
import { useT } from '../../../i18n/use-t';
import './blog.css';

/**
 * One blog post: title, author and date, picture, and the Markdown text rendered safely.
 * `headingLevel` 3 when it is a manager's preview inside another page (a draft has no
 * publication time yet: `publishAt` null).
 */
export function BlogPostView({ post, headingLevel = 1 }: { post: Omit<BlogPost, 'publishAt'> & { publishAt?: string | null }; headingLevel?: 1 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <article className="blog-post">
      <header className="blog-post__header">
        <div className="container blog-post__header-inner">
          <Link to={paths.blog} className="blog-post__back">
            <Icon name="chevron-left" />
            {t('blog.all')}
          </Link>
          <Heading className="blog-post__title">{post.title}</Heading>
          <p className="blog-post__meta">
            {t('blog.by', { author: post.author })} · <time dateTime={publishedAt(post)}>{formatPostDate(publishedAt(post))}</time>
          </p>
        </div>
      </header>
      <div className="container blog-post__content">
        <figure className="blog-post__figure">
          <ResponsiveImage src={post.image.src} alt={post.image.alt} width={post.image.width} height={post.image.height} eager className="blog-post__image" />
        </figure>
        <MarkdownContent markdown={post.text} className="blog-post__text" />
      </div>
    </article>
  );
}

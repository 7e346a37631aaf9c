import '../i18n/manage';
// The preview shows the post as the blog does, in the blog's words.
import '../i18n/pages';
import { useParams } from 'react-router-dom';
import { BlogPostDetail } from '../features/blog/manage/blog-post-detail';
import { ManagerOnly } from '../components/manage/manager-only';

/** /manage/blog/{id}: one blog post, to edit, preview, restore or delete. */
export default function ManageBlogRoute() {
  const { id = '' } = useParams();
  return (
    <ManagerOnly>
      <BlogPostDetail key={id} id={id} />
    </ManagerOnly>
  );
}

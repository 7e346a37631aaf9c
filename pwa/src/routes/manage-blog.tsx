import '../i18n/manage';
import { useParams } from 'react-router-dom';
import { BlogPostDetail } from '../features/blog/manage/blog-post-detail';
import { ManagerOnly } from '../app/manage/manager-only';

/** /manage/blog/{id}: one blog post, to check or delete. */
export default function ManageBlogRoute() {
  const { id = '' } = useParams();
  return (
    <ManagerOnly>
      <BlogPostDetail key={id} id={id} />
    </ManagerOnly>
  );
}

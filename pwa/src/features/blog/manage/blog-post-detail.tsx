import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CreateBlogPostSchema } from '@contract/content';
import { checkInput } from '@contract/errors';
import { Button } from '../../../components/button';
import { ManagePageHeader } from '../../../components/manage/manage-page-header';
import { paths } from '../../../lib/paths';
import { BackToManage } from '../../../components/manage/back-to-manage';
import { DeleteBlogPostDialog } from './delete-blog-post-dialog';
import { QueryState } from '../../../components/manage/query-state';
import { ContentEditForm } from '../../../components/manage/content-edit-form';
import { MarkdownHint } from '../../../components/manage/markdown-hint';
import { PublicationStatus } from '../../../components/manage/publication-field';
import { RevisionList } from '../../../components/manage/revision-list';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { BlogPostView } from '../components/blog-post-view';
import { blogQueryKeys } from '../api/get-blog-posts';
import { useManagedBlogPost, useUpdateBlogPost } from './managed-blog-post';
import '../../../components/manage/manage.css';
import '../../../components/manage/content-edit.css';
import { useT } from '../../../i18n/use-t';

/**
 * /manage/blog/{id}: one post, whatever its state: where it stands, an edit form with its
 * words and picture as they are, a preview exactly as visitors will see it, its last versions
 * to restore, and a delete button.
 */
export function BlogPostDetail({ id }: { id: string }) {
  const t = useT();
  const post = useManagedBlogPost(id);
  const update = useUpdateBlogPost(id);
  const { setAlert } = useAlerts();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <ManagePageHeader eyebrow={t('manage.blogPostEyebrow')} title={post.data?.title ?? t('manage.blogPost')} />
      <div className="container manage-page">
        <BackToManage />
        <QueryState query={post}>
          {(loaded) => (
            <div className="content-edit-page">
              <p className="content-edit-page__status">
                <PublicationStatus status={loaded.status} publishAt={loaded.publishAt} />
                {loaded.status === 'published' ? <Link to={paths.blogPost(loaded._id)}>{t('manage.seeOnBlog')}</Link> : null}
              </p>
              <section className="manage-card content-edit-page__form" aria-labelledby="edit-post-heading">
                <h2 id="edit-post-heading" className="manage-card__title">
                  {t('manage.edit.postTitle')}
                </h2>
                <ContentEditForm
                  // A new version from the server starts the form again from it.
                  key={loaded.updatedAt}
                  label={t('manage.edit.postTitle')}
                  fields={[
                    { name: 'title', label: t('manage.title.label') },
                    { name: 'author', label: t('manage.author'), autoComplete: 'name' },
                    { name: 'text', label: t('manage.text'), multiline: true, hint: <MarkdownHint /> },
                    { name: 'imageAlt', label: t('manage.pictureAlt'), hint: t('manage.pictureAltHint') },
                  ]}
                  initial={{ title: loaded.title, author: loaded.author, text: loaded.text, imageAlt: loaded.image.alt }}
                  image={loaded.image}
                  status={loaded.status}
                  publishAt={loaded.publishAt}
                  check={(values) => checkInput(CreateBlogPostSchema, values)}
                  save={update.mutateAsync}
                  saving={update.isPending}
                  onSaved={(saved) => setAlert(t('manage.edit.postSaved', { title: saved.title }), 'success')}
                />
              </section>
              <section className="manage-card content-edit-page__preview" aria-labelledby="preview-post-heading">
                <h2 id="preview-post-heading" className="manage-card__title">
                  {t('manage.edit.preview')}
                </h2>
                <p className="manage-card__lead">{t('manage.edit.previewLead')}</p>
                <div className="content-preview">
                  <BlogPostView post={loaded} headingLevel={3} />
                </div>
              </section>
              <RevisionList
                kind="blog"
                id={loaded._id}
                current={{ title: loaded.title, author: loaded.author, text: loaded.text, imageAlt: loaded.image.alt }}
                changed={[blogQueryKeys.all]}
              />
              <div className="manage-detail__actions">
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t('manage.deletePost')}
                </Button>
              </div>
            </div>
          )}
        </QueryState>
        <DeleteBlogPostDialog post={confirming ? (post.data ?? null) : null} onClose={() => setConfirming(false)} />
      </div>
    </>
  );
}

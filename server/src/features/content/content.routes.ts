import Router from '@koa/router';
import { IdParamsSchema } from '../../../contract/common';
import { BlogListQuerySchema, CreateBlogPostSchema, CreateFeatureSchema, ImageQuerySchema } from '../../../contract/content';
import { limits } from '../../../contract/limits';
import type { Image } from '../../db/models/image';
import type { AppContext, AppState } from '../../lib/app-context';
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { validateImageUpload } from '../../lib/images';
import { validate } from '../../lib/validate';
import { presentBlogPost, presentBlogSummary, presentFeature } from './content.presenter';
import {
  createBlogPost,
  createFeature,
  deleteBlogPost,
  deleteFeature,
  findBlogPost,
  findImage,
  listBlogPosts,
  listFeatures,
  type ImageOwnerKind,
} from './content.service';

/** The blog and the home page's features carousel: public to read, managers write. */
export const contentRouter = new Router<AppState>({ prefix: '/api/content' });

const managersOnly = [authenticate, requireAccess(limits.managerAccess)] as const;

// The first page, which is what the blog shows, is kept built and compressed (decision 068).
const blogList = cachedList('blog_posts', async () => (await listBlogPosts(1)).map(presentBlogSummary));
const featureList = cachedList('features', async () => (await listFeatures()).map(presentFeature));

/**
 * One size of a picture. An id's picture never changes (there is no route to replace it and
 * UUIDs are never reused), so browsers and the service worker may keep it for a year unasked.
 */
function sendImage(ctx: AppContext, image: Image): void {
  ctx.status = 200;
  ctx.type = 'image/webp';
  ctx.etag = image.etag;
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = image.bytes;
}

const imageRoute = (kind: ImageOwnerKind) =>
  validate({ params: IdParamsSchema, query: ImageQuerySchema }, async (ctx, { params, query }) => {
    sendImage(ctx, await findImage(kind, params.id, query.size));
  });

// Deletes answer 200 with a message rather than 204, as every delete of the API does: the
// answer says what was done. The app shows its own alert ('Post Delted', spelling as given).

contentRouter.get(
  '/blog',
  validate({ query: BlogListQuerySchema }, async (ctx, { query }) => {
    if (query.page === 1) return blogList.send(ctx);
    // Older pages are rarely asked for: built on each request.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = (await listBlogPosts(query.page)).map(presentBlogSummary);
  }),
);

contentRouter.get(
  '/blog/:id',
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = presentBlogPost(await findBlogPost(params.id));
  }),
);

contentRouter.get('/blog/:id/image', imageRoute('blog'));

contentRouter.post(
  '/blog',
  ...managersOnly,
  validateImageUpload(CreateBlogPostSchema, async (ctx, { fields, image }) => {
    const post = await createBlogPost(fields, image);
    blogList.invalidate();
    ctx.status = 201;
    ctx.body = presentBlogPost(post);
  }),
);

contentRouter.delete(
  '/blog/:id',
  ...managersOnly,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteBlogPost(params.id);
    blogList.invalidate();
    ctx.body = { msg: 'Post deleted' };
  }),
);

contentRouter.get('/feature', (ctx) => featureList.send(ctx));

contentRouter.get('/feature/:id/image', imageRoute('feature'));

contentRouter.post(
  '/feature',
  ...managersOnly,
  validateImageUpload(CreateFeatureSchema, async (ctx, { fields, image }) => {
    const feature = await createFeature(fields, image);
    featureList.invalidate();
    ctx.status = 201;
    ctx.body = presentFeature(feature);
  }),
);

contentRouter.delete(
  '/feature/:id',
  ...managersOnly,
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteFeature(params.id);
    featureList.invalidate();
    ctx.body = { msg: 'Feature deleted' };
  }),
);

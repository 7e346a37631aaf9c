import Router from '@koa/router';
import type { Next } from 'koa';
import { z } from 'zod';
import { IdParamsSchema, IdSchema } from '../../../contract/common';
import {
  BlogListQuerySchema,
  CreateBlogPostSchema,
  CreateFeatureSchema,
  RevisionParamsSchema,
  UpdateBlogPostFieldsSchema,
  UpdateBlogPostSchema,
  UpdateFeatureFieldsSchema,
  UpdateFeatureSchema,
  VersionedImageQuerySchema,
} from '../../../contract/content';
import type { ApiErrorItem } from '../../../contract/errors';
import { limits } from '../../../contract/limits';
import {
  CreateFormerServiceSchema,
  CreateTeamMemberSchema,
  UpdateFormerServiceSchema,
  UpdateTeamMemberFieldsSchema,
  UpdateTeamMemberSchema,
  teamMemberNothingToChange,
} from '../../../contract/site';
import type { Image } from '../../db/models/image';
import type { AppContext, AppState } from '../../lib/app-context';
import { actorFromContext } from '../../lib/audit';
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { notFound } from '../../lib/errors';
import { validateImageUpload, validateOptionalImageUpload } from '../../lib/images';
import { validate } from '../../lib/validate';
import {
  presentBlogPost,
  presentBlogSummary,
  presentFeature,
  presentFormerService,
  presentManagedBlogPost,
  presentManagedFeature,
  presentRevision,
  presentTeamMember,
} from './content.presenter';
import {
  createBlogPost,
  createFeature,
  deleteBlogPost,
  deleteFeature,
  findBlogPost,
  findImage,
  findManagedBlogPost,
  findManagedFeature,
  listBlogPosts,
  listFeatures,
  listRevisions,
  listUnpublishedBlogPosts,
  listUnpublishedFeatures,
  restoreBlogRevision,
  restoreFeatureRevision,
  updateBlogPost,
  updateFeature,
  type ImageOwnerKind,
} from './content.service';
import { createFormerService, deleteFormerService, listFormerServices, updateFormerService } from './former-services.service';
import { createTeamMember, deleteTeamMember, findTeamImage, imageAltNeeded, listTeam, updateTeamMember } from './team.service';

/** The blog and the home page's features carousel: public to read, managers write. */
export const contentRouter = new Router<AppState>({ prefix: '/api/content' });

const managersOnly = [authenticate, requireAccess(limits.managerAccess)] as const;

/** The signed-in manager's name, kept with the words they save (who saved each version). */
const editorOf = (ctx: AppContext) => actorFromContext(ctx).name;

// The first page, which is what the blog shows, is kept built and compressed (decision 068).
// Scheduled ones join the lists when their time comes, checked from the clock at each read (decision 090).
const blogList = cachedList('blog_posts', async () => (await listBlogPosts(1)).map(presentBlogSummary), { publishedFrom: 'publishAt' });
const featureList = cachedList('features', async () => (await listFeatures()).map(presentFeature), { publishedFrom: 'publishAt' });
const teamList = cachedList('team_members', async () => (await listTeam()).map(presentTeamMember));
const formerServiceList = cachedList('former_services', async () => (await listFormerServices()).map(presentFormerService));

/**
 * An address whose id could never name a record (not a UUID) is a record that does not exist:
 * 404 like an unknown UUID, not 400, so a made-up or mistyped link reads as "not found".
 */
const knownId =
  (what: string) =>
  async (ctx: AppContext, next: Next): Promise<void> => {
    if (!IdSchema.safeParse(ctx.params.id).success) throw notFound(what);
    await next();
  };

/**
 * One size of a picture. An address that names its picture (`?v=`, or a picture never
 * replaced) never changes, so browsers and the service worker may keep it for a year unasked.
 */
function sendImage(ctx: AppContext, image: Image, cacheControl = 'public, max-age=31536000, immutable'): void {
  ctx.status = 200;
  ctx.type = 'image/webp';
  ctx.etag = image.etag;
  ctx.set('Cache-Control', cacheControl);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = image.bytes;
}

const imageRoute = (kind: ImageOwnerKind) =>
  validate({ params: IdParamsSchema, query: VersionedImageQuerySchema }, async (ctx, { params, query }) => {
    const { image, immutable } = await findImage(kind, params.id, query.size, query.v);
    sendImage(ctx, image, immutable ? undefined : 'no-cache');
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
  knownId('Post not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = presentBlogPost(await findBlogPost(params.id));
  }),
);

contentRouter.get('/blog/:id/image', knownId('Image not found'), imageRoute('blog'));

contentRouter.post(
  '/blog',
  ...managersOnly,
  validateImageUpload(CreateBlogPostSchema, async (ctx, { fields, image }) => {
    const post = await createBlogPost(fields, image, editorOf(ctx));
    blogList.invalidate();
    ctx.status = 201;
    ctx.body = presentBlogPost(post);
  }),
);

contentRouter.delete(
  '/blog/:id',
  ...managersOnly,
  knownId('Post not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteBlogPost(params.id);
    blogList.invalidate();
    ctx.body = { msg: 'Post deleted' };
  }),
);

/** JSON for words and publication; multipart when a new picture comes too. */
const patchBlogJson = validate({ params: IdParamsSchema, body: UpdateBlogPostSchema }, async (ctx, { params, body }) => {
  ctx.body = presentManagedBlogPost(await updateBlogPost(params.id, body, undefined, editorOf(ctx)));
  blogList.invalidate();
});

const patchBlogForm = validateOptionalImageUpload(
  UpdateBlogPostFieldsSchema,
  async (ctx, { fields, image }) => {
    ctx.body = presentManagedBlogPost(await updateBlogPost(z.string().parse(ctx.params.id), fields, image, editorOf(ctx)));
    blogList.invalidate();
  },
  nothingToChange,
);

contentRouter.patch('/blog/:id', ...managersOnly, knownId('Post not found'), (ctx, next) =>
  ctx.is('multipart') ? patchBlogForm(ctx, next) : patchBlogJson(ctx, next),
);

contentRouter.get(
  '/blog/:id/revisions',
  ...managersOnly,
  knownId('Post not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = (await listRevisions('blog', params.id)).map(presentRevision);
  }),
);

contentRouter.post(
  '/blog/:id/revisions/:revisionId/restore',
  ...managersOnly,
  knownId('Post not found'),
  validate({ params: RevisionParamsSchema }, async (ctx, { params }) => {
    const post = await restoreBlogRevision(params.id, params.revisionId, editorOf(ctx));
    blogList.invalidate();
    ctx.body = presentManagedBlogPost(post);
  }),
);

contentRouter.get('/feature', (ctx) => featureList.send(ctx));

contentRouter.get('/feature/:id/image', knownId('Image not found'), imageRoute('feature'));

contentRouter.post(
  '/feature',
  ...managersOnly,
  validateImageUpload(CreateFeatureSchema, async (ctx, { fields, image }) => {
    const feature = await createFeature(fields, image, editorOf(ctx));
    featureList.invalidate();
    ctx.status = 201;
    ctx.body = presentFeature(feature);
  }),
);

contentRouter.delete(
  '/feature/:id',
  ...managersOnly,
  knownId('Feature not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteFeature(params.id);
    featureList.invalidate();
    ctx.body = { msg: 'Feature deleted' };
  }),
);

const patchFeatureJson = validate({ params: IdParamsSchema, body: UpdateFeatureSchema }, async (ctx, { params, body }) => {
  ctx.body = presentManagedFeature(await updateFeature(params.id, body, undefined, editorOf(ctx)));
  featureList.invalidate();
});

const patchFeatureForm = validateOptionalImageUpload(
  UpdateFeatureFieldsSchema,
  async (ctx, { fields, image }) => {
    ctx.body = presentManagedFeature(await updateFeature(z.string().parse(ctx.params.id), fields, image, editorOf(ctx)));
    featureList.invalidate();
  },
  nothingToChange,
);

contentRouter.patch('/feature/:id', ...managersOnly, knownId('Feature not found'), (ctx, next) =>
  ctx.is('multipart') ? patchFeatureForm(ctx, next) : patchFeatureJson(ctx, next),
);

contentRouter.get(
  '/feature/:id/revisions',
  ...managersOnly,
  knownId('Feature not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.body = (await listRevisions('feature', params.id)).map(presentRevision);
  }),
);

contentRouter.post(
  '/feature/:id/revisions/:revisionId/restore',
  ...managersOnly,
  knownId('Feature not found'),
  validate({ params: RevisionParamsSchema }, async (ctx, { params }) => {
    const feature = await restoreFeatureRevision(params.id, params.revisionId, editorOf(ctx));
    featureList.invalidate();
    ctx.body = presentManagedFeature(feature);
  }),
);

// What managers see and visitors do not (yet): drafts and scheduled ones, and any one record to preview.

contentRouter.get('/manage/blog', ...managersOnly, async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = (await listUnpublishedBlogPosts()).map(presentManagedBlogPost);
});

contentRouter.get(
  '/manage/blog/:id',
  ...managersOnly,
  knownId('Post not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentManagedBlogPost(await findManagedBlogPost(params.id));
  }),
);

contentRouter.get('/manage/feature', ...managersOnly, async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = (await listUnpublishedFeatures()).map(presentManagedFeature);
});

contentRouter.get(
  '/manage/feature/:id',
  ...managersOnly,
  knownId('Feature not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentManagedFeature(await findManagedFeature(params.id));
  }),
);

// ---------------------------------------------------------------------------------------------
// The team (KAITIAKI): public to read, managers add, edit, reorder and remove members.

contentRouter.get('/team', (ctx) => teamList.send(ctx));

/** A multipart edit with neither a field nor a picture changes nothing: 400, as the JSON one. */
function nothingToChange(fields: Record<string, unknown> | undefined, hasImage: boolean): ApiErrorItem[] {
  return fields && !hasImage && Object.values(fields).every((value) => value === undefined)
    ? [{ msg: 'Change at least one field, or send a new picture', code: 'bad_request' }]
    : [];
}

/** A photo's description is required whenever a photo comes with the form. */
const altWithPhoto = (fields: { imageAlt?: string } | undefined, hasImage: boolean): ApiErrorItem[] =>
  hasImage && fields && !fields.imageAlt ? [{ msg: imageAltNeeded, code: 'required', param: 'imageAlt' }] : [];

contentRouter.post(
  '/team',
  ...managersOnly,
  validateOptionalImageUpload(
    CreateTeamMemberSchema,
    async (ctx, { fields, image }) => {
      const member = await createTeamMember(fields, image);
      teamList.invalidate();
      ctx.status = 201;
      ctx.body = presentTeamMember(member);
    },
    altWithPhoto,
  ),
);

const patchTeamJson = validate({ params: IdParamsSchema, body: UpdateTeamMemberSchema }, async (ctx, { params, body }) => {
  ctx.body = presentTeamMember(await updateTeamMember(params.id, body, undefined));
  teamList.invalidate();
});

const patchTeamForm = validateOptionalImageUpload(
  UpdateTeamMemberFieldsSchema,
  async (ctx, { fields, image }) => {
    ctx.body = presentTeamMember(await updateTeamMember(z.string().parse(ctx.params.id), fields, image));
    teamList.invalidate();
  },
  (fields, hasImage) => [
    ...altWithPhoto(fields, hasImage),
    ...(fields && !hasImage && Object.values(fields).every((value) => value === undefined)
      ? [{ msg: teamMemberNothingToChange, code: 'bad_request' as const }]
      : []),
  ],
);

/** JSON for text, order and removing the photo; multipart when a new photo comes too. */
contentRouter.patch('/team/:id', ...managersOnly, knownId('Team member not found'), (ctx, next) =>
  ctx.is('multipart') ? patchTeamForm(ctx, next) : patchTeamJson(ctx, next),
);

contentRouter.delete(
  '/team/:id',
  ...managersOnly,
  knownId('Team member not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteTeamMember(params.id);
    teamList.invalidate();
    ctx.body = { msg: 'Team member deleted' };
  }),
);

/**
 * A member's photo. Its address from the list names the photo (`?v=`): that answer never
 * changes and may be kept for a year; without `v` it is the current photo, checked each time.
 */
contentRouter.get(
  '/team/:id/image',
  knownId('Image not found'),
  validate({ params: IdParamsSchema, query: VersionedImageQuerySchema }, async (ctx, { params, query }) => {
    const { image, current } = await findTeamImage(params.id, query.size, query.v);
    sendImage(ctx, image, current ? 'public, max-age=31536000, immutable' : 'no-cache');
  }),
);

// ---------------------------------------------------------------------------------------------
// Former services: public to read, managers add, edit, reorder and remove them.

contentRouter.get('/former-services', (ctx) => formerServiceList.send(ctx));

contentRouter.post(
  '/former-services',
  ...managersOnly,
  validate({ body: CreateFormerServiceSchema }, async (ctx, { body }) => {
    const row = await createFormerService(body);
    formerServiceList.invalidate();
    ctx.status = 201;
    ctx.body = presentFormerService(row);
  }),
);

contentRouter.patch(
  '/former-services/:id',
  ...managersOnly,
  knownId('Former service not found'),
  validate({ params: IdParamsSchema, body: UpdateFormerServiceSchema }, async (ctx, { params, body }) => {
    ctx.body = presentFormerService(await updateFormerService(params.id, body));
    formerServiceList.invalidate();
  }),
);

contentRouter.delete(
  '/former-services/:id',
  ...managersOnly,
  knownId('Former service not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteFormerService(params.id);
    formerServiceList.invalidate();
    ctx.body = { msg: 'Former service deleted' };
  }),
);

import Router from '@koa/router';
import type { Next } from 'koa';
import { z } from 'zod';
import { IdParamsSchema, IdSchema } from '../../../contract/common';
import { CreateBlogPostSchema, CreateFeatureSchema, ImageQuerySchema } from '../../../contract/content';
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
import { authenticate, requireAccess } from '../../lib/auth';
import { cachedList } from '../../lib/cached-json';
import { notFound } from '../../lib/errors';
import { validateImageUpload, validateOptionalImageUpload } from '../../lib/images';
import { validate } from '../../lib/validate';
import { presentBlogPost, presentFeature, presentFormerService, presentTeamMember } from './content.presenter';
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
import { createFormerService, deleteFormerService, listFormerServices, updateFormerService } from './former-services.service';
import { createTeamMember, deleteTeamMember, findTeamImage, imageAltNeeded, listTeam, updateTeamMember } from './team.service';

/** The blog and the home page's features carousel: public to read, managers write. */
export const contentRouter = new Router<AppState>({ prefix: '/api/content' });

const managersOnly = [authenticate, requireAccess(limits.managerAccess)] as const;

const blogList = cachedList('blog_posts', async () => (await listBlogPosts()).map(presentBlogPost));
const featureList = cachedList('features', async () => (await listFeatures()).map(presentFeature));
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
 * One size of a picture. An id's picture never changes (there is no route to replace it and
 * UUIDs are never reused), so browsers and the service worker may keep it for a year unasked.
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
  validate({ params: IdParamsSchema, query: ImageQuerySchema }, async (ctx, { params, query }) => {
    sendImage(ctx, await findImage(kind, params.id, query.size));
  });

// Deletes answer 200 with a message rather than 204, as every delete of the API does: the
// answer says what was done. The app shows its own alert ('Post Delted', spelling as given).

contentRouter.get('/blog', (ctx) => blogList.send(ctx));

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
    const post = await createBlogPost(fields, image);
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

contentRouter.get('/feature', (ctx) => featureList.send(ctx));

contentRouter.get('/feature/:id/image', knownId('Image not found'), imageRoute('feature'));

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
  knownId('Feature not found'),
  validate({ params: IdParamsSchema }, async (ctx, { params }) => {
    await deleteFeature(params.id);
    featureList.invalidate();
    ctx.body = { msg: 'Feature deleted' };
  }),
);

// ---------------------------------------------------------------------------------------------
// The team (KAITIAKI): public to read, managers add, edit, reorder and remove members.

contentRouter.get('/team', (ctx) => teamList.send(ctx));

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

const TeamImageQuerySchema = ImageQuerySchema.extend({ v: IdSchema.optional() });

/**
 * A member's photo. Its address from the list names the photo (`?v=`): that answer never
 * changes and may be kept for a year; without `v` it is the current photo, checked each time.
 */
contentRouter.get(
  '/team/:id/image',
  knownId('Image not found'),
  validate({ params: IdParamsSchema, query: TeamImageQuerySchema }, async (ctx, { params, query }) => {
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

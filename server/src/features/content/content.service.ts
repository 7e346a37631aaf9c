import crypto from 'node:crypto';
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import {
  blogListPageSize,
  revisionsKept,
  type CreateBlogPostInput,
  type CreateFeatureInput,
  type PublicationState,
  type UpdateBlogPostInput,
  type UpdateFeatureInput,
} from '../../../contract/content';
import type { ImageSize } from '../../../contract/limits';
import { BlogPost } from '../../db/models/blog-post';
import { ContentRevision } from '../../db/models/content-revision';
import { Feature } from '../../db/models/feature';
import { Image } from '../../db/models/image';
import { sequelize } from '../../db/sequelize';
import { now } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/errors';
import type { ResizedImage } from '../../lib/images';

/** What owns a picture: a blog post or a carousel feature. */
export type ImageOwnerKind = 'blog' | 'feature';

const postNotFound = () => notFound('Post not found');
const featureNotFound = () => notFound('Feature not found');

/**
 * What visitors may see: published, at a time that has come. Decided at each read from the
 * clock, so a scheduled post appears on time with no job to run it (decision 090).
 */
const visibleNow = (): WhereOptions => ({ publishAt: { [Op.lte]: new Date(now()) } });

/** Where a record stands now, from its publish time and the clock. */
export function publicationState(publishAt: Date | null): PublicationState {
  if (!publishAt) return 'draft';
  return publishAt.getTime() > now() ? 'scheduled' : 'published';
}

/** The owner id under which the record's current picture is stored. */
const pictureOwner = (record: BlogPost | Feature): string => record.imageId ?? record.id;

function storeImage(ownerId: string, image: ResizedImage, transaction: Transaction): Promise<Image[]> {
  return Image.bulkCreate(
    image.variants.map((variant) => ({ ownerId, ...variant })),
    { transaction },
  );
}

type PublicationChange = { status?: PublicationState | undefined; publishAt?: string | undefined };

/**
 * The publish time a create or an edit asks for. Published keeps the time a record already went
 * out (an edit does not move it up the blog); scheduled needs a time still to come.
 */
function publishTimeFor(change: PublicationChange, current: Date | null | undefined): Date | null | undefined {
  const status = change.status ?? (change.publishAt ? 'scheduled' : undefined);
  if (status === undefined) return current === undefined ? new Date(now()) : undefined;
  if (status === 'draft') return null;
  if (status === 'published') return current && current.getTime() <= now() ? current : new Date(now());
  const at = new Date(change.publishAt ?? '');
  if (!(at.getTime() > now())) throw badRequest('Publish time must be in the future', 'publishAt', 'invalid_date');
  return at;
}

/** Keeps the words of the record as they are before an edit, and only the last few versions. */
async function keepRevision(kind: ImageOwnerKind, record: BlogPost | Feature, editor: string, transaction: Transaction): Promise<void> {
  await ContentRevision.create(
    {
      kind,
      ownerId: record.id,
      title: record.title,
      author: record instanceof BlogPost ? record.author : null,
      text: record.text,
      imageAlt: record.imageAlt,
      savedAt: new Date(now()),
      savedBy: record.editedBy ?? null,
      replacedBy: editor,
    },
    { transaction },
  );
  const kept = await ContentRevision.findAll({
    where: { kind, ownerId: record.id },
    order: [
      ['savedAt', 'DESC'],
      ['id', 'ASC'],
    ],
    attributes: ['id'],
    offset: revisionsKept,
    transaction,
  });
  if (kept.length > 0) await ContentRevision.destroy({ where: { id: kept.map((row) => row.id) }, transaction });
}

/** A new picture gets a new owner id (so a new address); the old picture's sizes go. */
async function replacePicture(record: BlogPost | Feature, image: ResizedImage, transaction: Transaction) {
  const imageId = crypto.randomUUID();
  await storeImage(imageId, image, transaction);
  await Image.destroy({ where: { ownerId: pictureOwner(record) }, transaction });
  return { imageId, imageWidth: image.width, imageHeight: image.height };
}

const wordFields = ['title', 'author', 'text', 'imageAlt'] as const;

/** Does the edit change any words (which is what a revision keeps)? */
function changesWords(record: BlogPost | Feature, changes: Partial<Record<(typeof wordFields)[number], string | undefined>>): boolean {
  return wordFields.some((field) => changes[field] !== undefined && changes[field] !== (record as unknown as Record<string, unknown>)[field]);
}

// ---------------------------------------------------------------------------------------------
// Blog posts

/** One page of the posts visitors see, newest first (pages of `blogListPageSize`). */
export function listBlogPosts(page = 1): Promise<BlogPost[]> {
  return BlogPost.findAll({
    where: visibleNow(),
    order: [
      ['publishAt', 'DESC'],
      ['id', 'ASC'],
    ],
    limit: blogListPageSize,
    offset: (page - 1) * blogListPageSize,
  });
}

/** A post visitors may see. */
export async function findBlogPost(id: string): Promise<BlogPost> {
  const post = await BlogPost.findOne({ where: { id, ...visibleNow() } });
  if (!post) throw postNotFound();
  return post;
}

/** A post whatever its state, for managers. */
export async function findManagedBlogPost(id: string, transaction?: Transaction): Promise<BlogPost> {
  const post = await BlogPost.findByPk(id, { transaction });
  if (!post) throw postNotFound();
  return post;
}

/** Posts visitors do not see yet: drafts (most recently changed first), then scheduled ones (soonest first). */
export async function listUnpublishedBlogPosts(): Promise<BlogPost[]> {
  const drafts = await BlogPost.findAll({ where: { publishAt: null }, order: [['updatedAt', 'DESC']] });
  const scheduled = await BlogPost.findAll({ where: { publishAt: { [Op.gt]: new Date(now()) } }, order: [['publishAt', 'ASC']] });
  return [...drafts, ...scheduled];
}

/** Saves the post and every size of its picture together: a failure leaves neither. */
export function createBlogPost(input: CreateBlogPostInput, image: ResizedImage, editor: string): Promise<BlogPost> {
  const publishAt = publishTimeFor(input, undefined) ?? null;
  return sequelize.transaction(async (transaction) => {
    // A picture of a post not yet public is only reachable by its versioned address.
    const imageId = publicationState(publishAt) === 'published' ? null : crypto.randomUUID();
    const { title, author, text, imageAlt } = input;
    const post = await BlogPost.create(
      { title, author, text, imageAlt, editedBy: editor, publishAt, imageId, imageWidth: image.width, imageHeight: image.height },
      { transaction },
    );
    await storeImage(pictureOwner(post), image, transaction);
    return post;
  });
}

/** Edits a post in place (same id, same address), all or nothing; the words before are kept as a revision. */
export function updateBlogPost(id: string, changes: UpdateBlogPostInput, image: ResizedImage | undefined, editor: string): Promise<BlogPost> {
  return sequelize.transaction(async (transaction) => {
    const post = await findManagedBlogPost(id, transaction);
    const publishAt = publishTimeFor(changes, post.publishAt);
    const newWords = changesWords(post, changes);
    if (newWords) await keepRevision('blog', post, editor, transaction);
    const picture = image ? await replacePicture(post, image, transaction) : {};
    await post.update(
      {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.author !== undefined && { author: changes.author }),
        ...(changes.text !== undefined && { text: changes.text }),
        ...(changes.imageAlt !== undefined && { imageAlt: changes.imageAlt }),
        ...(newWords && { editedBy: editor }),
        ...(publishAt !== undefined && { publishAt }),
        ...picture,
      },
      { transaction },
    );
    return post;
  });
}

/** Deletes the post, its pictures and its revisions together. */
export async function deleteBlogPost(id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const post = await BlogPost.findByPk(id, { transaction });
    if (!post) throw postNotFound();
    await post.destroy({ transaction });
    await Image.destroy({ where: { ownerId: [id, pictureOwner(post)] }, transaction });
    await ContentRevision.destroy({ where: { kind: 'blog', ownerId: id }, transaction });
  });
}

// ---------------------------------------------------------------------------------------------
// Features

/** The carousel's features visitors see, in the order managers added them. */
export function listFeatures(): Promise<Feature[]> {
  return Feature.findAll({
    where: visibleNow(),
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

export async function findManagedFeature(id: string, transaction?: Transaction): Promise<Feature> {
  const feature = await Feature.findByPk(id, { transaction });
  if (!feature) throw featureNotFound();
  return feature;
}

/** Features visitors do not see yet: drafts, then scheduled ones (soonest first). */
export async function listUnpublishedFeatures(): Promise<Feature[]> {
  const drafts = await Feature.findAll({ where: { publishAt: null }, order: [['updatedAt', 'DESC']] });
  const scheduled = await Feature.findAll({ where: { publishAt: { [Op.gt]: new Date(now()) } }, order: [['publishAt', 'ASC']] });
  return [...drafts, ...scheduled];
}

export function createFeature(input: CreateFeatureInput, image: ResizedImage, editor: string): Promise<Feature> {
  const publishAt = publishTimeFor(input, undefined) ?? null;
  return sequelize.transaction(async (transaction) => {
    const imageId = publicationState(publishAt) === 'published' ? null : crypto.randomUUID();
    const { title, text, imageAlt } = input;
    const feature = await Feature.create(
      { title, text, imageAlt, editedBy: editor, publishAt, imageId, imageWidth: image.width, imageHeight: image.height },
      { transaction },
    );
    await storeImage(pictureOwner(feature), image, transaction);
    return feature;
  });
}

export function updateFeature(id: string, changes: UpdateFeatureInput, image: ResizedImage | undefined, editor: string): Promise<Feature> {
  return sequelize.transaction(async (transaction) => {
    const feature = await findManagedFeature(id, transaction);
    const publishAt = publishTimeFor(changes, feature.publishAt);
    const newWords = changesWords(feature, changes);
    if (newWords) await keepRevision('feature', feature, editor, transaction);
    const picture = image ? await replacePicture(feature, image, transaction) : {};
    await feature.update(
      {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.text !== undefined && { text: changes.text }),
        ...(changes.imageAlt !== undefined && { imageAlt: changes.imageAlt }),
        ...(newWords && { editedBy: editor }),
        ...(publishAt !== undefined && { publishAt }),
        ...picture,
      },
      { transaction },
    );
    return feature;
  });
}

export async function deleteFeature(id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const feature = await Feature.findByPk(id, { transaction });
    if (!feature) throw featureNotFound();
    await feature.destroy({ transaction });
    await Image.destroy({ where: { ownerId: [id, pictureOwner(feature)] }, transaction });
    await ContentRevision.destroy({ where: { kind: 'feature', ownerId: id }, transaction });
  });
}

// ---------------------------------------------------------------------------------------------
// Revisions

const findOwner = (kind: ImageOwnerKind, id: string, transaction?: Transaction) =>
  kind === 'blog' ? findManagedBlogPost(id, transaction) : findManagedFeature(id, transaction);

/** The kept versions of a post or feature, newest first. */
export async function listRevisions(kind: ImageOwnerKind, ownerId: string): Promise<ContentRevision[]> {
  await findOwner(kind, ownerId);
  return ContentRevision.findAll({
    where: { kind, ownerId },
    order: [
      ['savedAt', 'DESC'],
      ['id', 'ASC'],
    ],
  });
}

async function findRevision(kind: ImageOwnerKind, ownerId: string, revisionId: string, transaction: Transaction): Promise<ContentRevision> {
  const revision = await ContentRevision.findOne({ where: { id: revisionId, kind, ownerId }, transaction });
  if (!revision) throw notFound('Revision not found');
  return revision;
}

/** Makes a kept version's words current again; today's words become a revision in turn. */
export function restoreBlogRevision(id: string, revisionId: string, editor: string): Promise<BlogPost> {
  return sequelize.transaction(async (transaction) => {
    const post = await findManagedBlogPost(id, transaction);
    const revision = await findRevision('blog', id, revisionId, transaction);
    const words = { title: revision.title, author: revision.author ?? post.author, text: revision.text, imageAlt: revision.imageAlt };
    if (!changesWords(post, words)) return post;
    await keepRevision('blog', post, editor, transaction);
    return post.update({ ...words, editedBy: editor }, { transaction });
  });
}

export function restoreFeatureRevision(id: string, revisionId: string, editor: string): Promise<Feature> {
  return sequelize.transaction(async (transaction) => {
    const feature = await findManagedFeature(id, transaction);
    const revision = await findRevision('feature', id, revisionId, transaction);
    const words = { title: revision.title, text: revision.text, imageAlt: revision.imageAlt };
    if (!changesWords(feature, words)) return feature;
    await keepRevision('feature', feature, editor, transaction);
    return feature.update({ ...words, editedBy: editor }, { transaction });
  });
}

// ---------------------------------------------------------------------------------------------
// Pictures

/**
 * One size of the picture of a post or feature. The owner is looked up in its own table, so a
 * feature's picture is not served under a blog address, nor the other way round. Without
 * `version` only a public record's current picture is served; with it, that exact picture
 * (which is how managers preview a draft: the version is only in their answers).
 */
export async function findImage(kind: ImageOwnerKind, ownerId: string, size: ImageSize, version?: string): Promise<{ image: Image; immutable: boolean }> {
  const record = kind === 'blog' ? await BlogPost.findByPk(ownerId) : await Feature.findByPk(ownerId);
  const reachable = record && (version !== undefined ? version === record.imageId : publicationState(record.publishAt) === 'published');
  const image = reachable ? await Image.findOne({ where: { ownerId: pictureOwner(record), size } }) : null;
  if (!record || !image) throw notFound('Image not found');
  // An address that names its picture never changes; the plain address changes when the picture is replaced.
  return { image, immutable: version !== undefined || record.imageId === null };
}

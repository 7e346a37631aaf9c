import type { Transaction } from 'sequelize';
import { blogListPageSize, type CreateBlogPostInput, type CreateFeatureInput } from '../../../contract/content';
import type { ImageSize } from '../../../contract/limits';
import { BlogPost } from '../../db/models/blog-post';
import { Feature } from '../../db/models/feature';
import { Image } from '../../db/models/image';
import { sequelize } from '../../db/sequelize';
import { notFound } from '../../lib/errors';
import type { ResizedImage } from '../../lib/images';

/** What owns a picture: a blog post or a carousel feature. */
export type ImageOwnerKind = 'blog' | 'feature';

const postNotFound = () => notFound('Post not found');
const featureNotFound = () => notFound('Feature not found');

function storeImage(ownerId: string, image: ResizedImage, transaction: Transaction): Promise<Image[]> {
  return Image.bulkCreate(
    image.variants.map((variant) => ({ ownerId, ...variant })),
    { transaction },
  );
}

/** One page of blog posts, newest first (pages of `blogListPageSize`). */
export function listBlogPosts(page = 1): Promise<BlogPost[]> {
  return BlogPost.findAll({
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    limit: blogListPageSize,
    offset: (page - 1) * blogListPageSize,
  });
}

export async function findBlogPost(id: string): Promise<BlogPost> {
  const post = await BlogPost.findByPk(id);
  if (!post) throw postNotFound();
  return post;
}

/** Saves the post and every size of its picture together: a failure leaves neither. */
export function createBlogPost(input: CreateBlogPostInput, image: ResizedImage): Promise<BlogPost> {
  return sequelize.transaction(async (transaction) => {
    const post = await BlogPost.create({ ...input, imageWidth: image.width, imageHeight: image.height }, { transaction });
    await storeImage(post.id, image, transaction);
    return post;
  });
}

/** Deletes the post and its pictures together. */
export async function deleteBlogPost(id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const removed = await BlogPost.destroy({ where: { id }, transaction });
    if (removed === 0) throw postNotFound();
    await Image.destroy({ where: { ownerId: id }, transaction });
  });
}

/** Carousel features in the order managers added them. */
export function listFeatures(): Promise<Feature[]> {
  return Feature.findAll({
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

export function createFeature(input: CreateFeatureInput, image: ResizedImage): Promise<Feature> {
  return sequelize.transaction(async (transaction) => {
    const feature = await Feature.create({ ...input, imageWidth: image.width, imageHeight: image.height }, { transaction });
    await storeImage(feature.id, image, transaction);
    return feature;
  });
}

export async function deleteFeature(id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const removed = await Feature.destroy({ where: { id }, transaction });
    if (removed === 0) throw featureNotFound();
    await Image.destroy({ where: { ownerId: id }, transaction });
  });
}

/**
 * One size of the picture of a post or feature. The owner is looked up in its own table, so a
 * feature's picture is not served under a blog address, nor the other way round.
 */
export async function findImage(kind: ImageOwnerKind, ownerId: string, size: ImageSize): Promise<Image> {
  const countOwners = kind === 'blog' ? BlogPost.count({ where: { id: ownerId } }) : Feature.count({ where: { id: ownerId } });
  const [owners, image] = await Promise.all([countOwners, Image.findOne({ where: { ownerId, size } })]);
  if (owners === 0 || !image) throw notFound('Image not found');
  return image;
}

import {
  excerptOf,
  type BlogPost as BlogPostBody,
  type BlogPostSummary,
  type ContentRevision as ContentRevisionBody,
  type Feature as FeatureBody,
  type ImageInfo,
  type ManagedBlogPost,
  type ManagedFeature,
  type Publication,
} from '../../../contract/content';
import type { BlogPost } from '../../db/models/blog-post';
import type { ContentRevision } from '../../db/models/content-revision';
import { publicationState } from './content.service';
import type { Feature } from '../../db/models/feature';
import type { FormerService as FormerServiceBody, TeamMember as TeamMemberBody } from '../../../contract/site';
import type { FormerService } from '../../db/models/former-service';
import type { TeamMember } from '../../db/models/team-member';

/**
 * The picture of a post or feature: its address without a size (the app adds `?size=`), its
 * description, and the size of the largest stored variant so the page can reserve its space.
 */
function presentImage(src: string, record: BlogPost | Feature): ImageInfo {
  // A replaced picture has its own address (`?v=`), so caches never show the old one.
  const address = record.imageId ? `${src}?v=${record.imageId}` : src;
  return { src: address, alt: record.imageAlt, width: record.imageWidth, height: record.imageHeight };
}

function presentPublication(record: BlogPost | Feature): Publication {
  return { status: publicationState(record.publishAt), publishAt: record.publishAt?.toISOString() ?? null, updatedAt: record.updatedAt.toISOString() };
}

/** A post as managers edit and preview it: the post and where it stands. */
export function presentManagedBlogPost(post: BlogPost): ManagedBlogPost {
  return { ...presentBlogPost(post), ...presentPublication(post) };
}

export function presentManagedFeature(feature: Feature): ManagedFeature {
  return { ...presentFeature(feature), ...presentPublication(feature) };
}

export function presentRevision(revision: ContentRevision): ContentRevisionBody {
  return {
    _id: revision.id,
    savedAt: revision.savedAt.toISOString(),
    ...(revision.savedBy !== null && { savedBy: revision.savedBy }),
    ...(revision.replacedBy !== null && { replacedBy: revision.replacedBy }),
    title: revision.title,
    ...(revision.author !== null && { author: revision.author }),
    text: revision.text,
    imageAlt: revision.imageAlt,
  };
}

export function presentBlogPost(post: BlogPost): BlogPostBody {
  return {
    _id: post.id,
    title: post.title,
    author: post.author,
    text: post.text,
    image: presentImage(`/api/content/blog/${post.id}/image`, post),
    createdAt: post.createdAt.toISOString(),
    publishAt: (post.publishAt ?? post.createdAt).toISOString(),
  };
}

/** A post in the blog list: no text, a plain-text excerpt of it. */
export function presentBlogSummary(post: BlogPost): BlogPostSummary {
  return {
    _id: post.id,
    title: post.title,
    author: post.author,
    excerpt: excerptOf(post.text),
    image: presentImage(`/api/content/blog/${post.id}/image`, post),
    createdAt: post.createdAt.toISOString(),
    publishAt: (post.publishAt ?? post.createdAt).toISOString(),
  };
}

export function presentFeature(feature: Feature): FeatureBody {
  return {
    _id: feature.id,
    title: feature.title,
    text: feature.text,
    image: presentImage(`/api/content/feature/${feature.id}/image`, feature),
    createdAt: feature.createdAt.toISOString(),
  };
}

/** A team member; the photo's address names the photo (`?v=`), so a new photo gets a new address. */
export function presentTeamMember(member: TeamMember): TeamMemberBody {
  return {
    _id: member.id,
    name: member.name,
    role: member.role,
    bio: member.bio,
    image:
      member.imageId && member.imageWidth && member.imageHeight
        ? { src: `/api/content/team/${member.id}/image?v=${member.imageId}`, alt: member.imageAlt, width: member.imageWidth, height: member.imageHeight }
        : null,
    order: member.position,
    createdAt: member.createdAt.toISOString(),
    updatedAt: member.updatedAt.toISOString(),
  };
}

export function presentFormerService(row: FormerService): FormerServiceBody {
  return {
    _id: row.id,
    title: row.title,
    years: row.years,
    text: row.text,
    order: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

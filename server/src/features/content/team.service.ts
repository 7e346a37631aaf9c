import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { ImageSize } from '../../../contract/limits';
import type { CreateTeamMemberInput, UpdateTeamMemberInput } from '../../../contract/site';
import { Image } from '../../db/models/image';
import { TeamMember } from '../../db/models/team-member';
import { sequelize } from '../../db/sequelize';
import { badRequest, notFound } from '../../lib/errors';
import type { ResizedImage } from '../../lib/images';
import { placeInList } from './ordered-list';

const memberNotFound = () => notFound('Team member not found');
export const imageAltNeeded = 'Image description is required with a photo';

const listOrder = [
  ['position', 'ASC'],
  ['createdAt', 'ASC'],
  ['id', 'ASC'],
] as [string, string][];

/** The team in the order managers set. */
export function listTeam(): Promise<TeamMember[]> {
  return TeamMember.findAll({ order: listOrder });
}

function lockedTeam(transaction: Transaction): Promise<TeamMember[]> {
  return TeamMember.findAll({ order: listOrder, transaction, lock: transaction.LOCK.UPDATE });
}

/** Stores every size of a new photo under a new id; the member row points at it. */
async function storePhoto(image: ResizedImage, transaction: Transaction) {
  const imageId = crypto.randomUUID();
  await Image.bulkCreate(
    image.variants.map((variant) => ({ ownerId: imageId, ...variant })),
    { transaction },
  );
  return { imageId, imageWidth: image.width, imageHeight: image.height };
}

const noPhoto = { imageId: null, imageWidth: null, imageHeight: null };

/** Saves the member, its photo (if any) and its place in the list together. */
export function createTeamMember(input: CreateTeamMemberInput, image: ResizedImage | undefined): Promise<TeamMember> {
  return sequelize.transaction(async (transaction) => {
    const team = await lockedTeam(transaction);
    const photo = image ? await storePhoto(image, transaction) : noPhoto;
    const member = await TeamMember.create(
      { name: input.name, role: input.role, bio: input.bio, imageAlt: image ? input.imageAlt : '', ...photo, position: team.length },
      { transaction },
    );
    await placeInList(team, member, input.order, transaction);
    return member;
  });
}

/**
 * Edits, moves, re-photographs or un-photographs a member, all or nothing. A new image
 * replaces the old one (whose sizes are removed); a member with a photo must keep a description.
 */
export function updateTeamMember(id: string, changes: UpdateTeamMemberInput, image: ResizedImage | undefined): Promise<TeamMember> {
  return sequelize.transaction(async (transaction) => {
    const team = await lockedTeam(transaction);
    const member = team.find((row) => row.id === id);
    if (!member) throw memberNotFound();
    const removesPhoto = changes.removeImage === true && !image;
    const hasPhoto = Boolean(image) || (Boolean(member.imageId) && !removesPhoto);
    const imageAlt = changes.imageAlt ?? member.imageAlt;
    if (hasPhoto && !imageAlt) throw badRequest(imageAltNeeded, 'imageAlt', 'required');

    const oldImageId = member.imageId;
    const photo = image ? await storePhoto(image, transaction) : removesPhoto ? noPhoto : {};
    if (oldImageId && (image || removesPhoto)) await Image.destroy({ where: { ownerId: oldImageId }, transaction });
    await member.update(
      {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.bio !== undefined && { bio: changes.bio }),
        imageAlt: hasPhoto ? imageAlt : '',
        ...photo,
      },
      { transaction },
    );
    if (changes.order !== undefined) await placeInList(team, member, changes.order, transaction);
    return member;
  });
}

/** Deletes the member and every size of its photo, and closes the gap in the list. */
export async function deleteTeamMember(id: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const team = await lockedTeam(transaction);
    const member = team.find((row) => row.id === id);
    if (!member) throw memberNotFound();
    await member.destroy({ transaction });
    if (member.imageId) await Image.destroy({ where: { ownerId: member.imageId }, transaction });
    await placeInList(
      team.filter((row) => row.id !== id),
      undefined,
      undefined,
      transaction,
    );
  });
}

/**
 * One size of a member's photo. `version` (the `v` of its address) must name the current
 * photo when given: an old address of a replaced photo is gone, not another picture.
 */
export async function findTeamImage(memberId: string, size: ImageSize, version: string | undefined): Promise<{ image: Image; current: boolean }> {
  const member = await TeamMember.findByPk(memberId);
  if (!member?.imageId || (version !== undefined && version !== member.imageId)) throw notFound('Image not found');
  const image = await Image.findOne({ where: { ownerId: member.imageId, size } });
  if (!image) throw notFound('Image not found');
  return { image, current: version === member.imageId };
}

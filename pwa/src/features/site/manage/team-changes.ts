import type { TeamMember } from '@contract/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { apiPaths } from '../../../lib/paths';
import { staffApiPaths } from '../../../lib/staff-paths';
import { siteKeys } from '../api/site-keys';

/** The text fields of a team member as the form holds them. */
export type TeamMemberFields = { name: string; role: string; bio: string; imageAlt: string };

export type SaveTeamMemberRequest = {
  /** Absent: a new member (at the end of the list). */
  id?: string;
  fields: Partial<TeamMemberFields> & { order?: number; removeImage?: boolean };
  image?: File;
  onUploadProgress?: (fraction: number) => void;
};

/** Creates (POST, multipart) or edits (PATCH: multipart with a new photo, JSON without) one member. */
export function saveTeamMember({ id, fields, image, onUploadProgress }: SaveTeamMemberRequest): Promise<TeamMember> {
  const path = id ? staffApiPaths.teamMember(id) : apiPaths.team;
  const method = id ? 'PATCH' : 'POST';
  if (!image && id) return apiRequest<TeamMember>(path, { method, json: fields });
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) formData.set(name, String(value));
  if (image) formData.set('image', image, image.name);
  return apiUpload<TeamMember>(path, { method, formData, onUploadProgress });
}

export function deleteTeamMember(id: string): Promise<unknown> {
  return apiRequest<unknown>(staffApiPaths.teamMember(id), { method: 'DELETE' });
}

export function useSaveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTeamMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.team() }) });
}

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTeamMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.team() }) });
}

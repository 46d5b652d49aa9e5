import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptTeamInviteInput,
  CreateTeamInviteInput,
  PendingTeamInvite,
  TeamInvitePreview,
  TeamMember,
} from '#core/team/schemas.ts';
import { api } from '#web/api/client.ts';
import { startSignedIn } from '#web/features/auth/index.ts';
import { teamContextKey, useTeamContext } from './use-team-context.ts';

export { useTeamContext };

export const teamKeys = {
  all: ['team'] as const,
  context: teamContextKey,
  members: ['team', 'members'] as const,
  invites: ['team', 'invites'] as const,
  preview: (token: string) => ['team', 'preview', token] as const,
};

export const useTeamMembers = () =>
  useQuery({
    queryKey: teamKeys.members,
    queryFn: (): Promise<TeamMember[]> => api.get('/team/members'),
  });

export const useTeamInvites = () =>
  useQuery({
    queryKey: teamKeys.invites,
    queryFn: (): Promise<PendingTeamInvite[]> => api.get('/team/invites'),
  });

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeamInviteInput) => api.post('/team/invites', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.invites }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/team/invites/{id}', { params: { path: { id } } }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.invites }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.delete('/team/members/{userId}', { params: { path: { userId } } }),
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.members }),
  });
}

/** What an invitation link offers; a dead link is an ApiError 404 (or 400 for a malformed one). */
export const useInvitePreview = (token: string) =>
  useQuery({
    queryKey: teamKeys.preview(token),
    enabled: token.length > 0,
    queryFn: (): Promise<TeamInvitePreview> =>
      api.get('/team/invites/preview', { params: { query: { token } } }),
    retry: false,
  });

/** Makes the member's account; the answer's session cookie signs them in at once. */
export function useAcceptInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptTeamInviteInput) => api.post('/team/invites/accept', { body }),
    onSuccess: ({ user }) => startSignedIn(client, user),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#core/users/schemas.ts';
import { api } from '#web/api/client.ts';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or null when signed out. */
export async function fetchMe(): Promise<PublicUser | null> {
  return (await api.get('/auth/session')).user;
}

export const useMe = () => useQuery({ queryKey: meQueryKey, queryFn: fetchMe });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '@/shared/api/client';

const feedKey = ['calendar-feed'] as const;

/** `GET /api/user/calendar-feed`: whether a private feed exists. */
export function useFeedStatus() {
  return useQuery({ queryKey: feedKey, queryFn: () => unwrap(api.GET('/api/user/calendar-feed')) });
}

/** `POST /api/user/calendar-feed`: a new secret address (rotates any old one). */
export function useCreateFeed() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => unwrap(api.POST('/api/user/calendar-feed')), onSuccess: () => client.invalidateQueries({ queryKey: feedKey }) });
}

/** `DELETE /api/user/calendar-feed`: revokes the feed. */
export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => unwrap(api.DELETE('/api/user/calendar-feed')), onSuccess: () => client.invalidateQueries({ queryKey: feedKey }) });
}

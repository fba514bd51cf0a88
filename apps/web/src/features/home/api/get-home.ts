import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/session';

// GET /api/home (spec §7): slider, top and recent rows, latest episodes and
// canPlay, in one answer.

export function getHome(signal?: AbortSignal): Promise<HomeBody> {
  return api.get<HomeBody>('/home', undefined, signal);
}

export function getHomeQueryOptions(viewer = 'visitor') {
  return queryOptions({
    // canPlay belongs to the viewer (lib/session.ts useViewerKey). A
    // signed-in viewer's page, rendered for a visitor by the server, keeps
    // the visitor's answer on screen until theirs arrives (decision 0107).
    placeholderData: keepPreviousData,
    queryKey: ['home', viewer],
    queryFn: ({ signal }) => getHome(signal),
  });
}

export function useHome() {
  return useQuery(getHomeQueryOptions(useViewerKey()));
}

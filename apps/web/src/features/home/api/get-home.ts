import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_ANSWER_ELEMENT_ID, type HomeBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { inlineAnswerUpdatedAt, takeInlineAnswer } from '../../../lib/inline-answer';
import { useViewerKey } from '../../../lib/session';

// GET /api/home (spec §7): slider, top and recent rows, latest episodes and
// canPlay, in one answer.

export function getHome(signal?: AbortSignal): Promise<HomeBody> {
  return api.get<HomeBody>('/home', undefined, signal);
}

let inlineRead = false;

/**
 * A visitor's home answer the home document carried (decision 0061), read
 * once: the first home of a visit draws without waiting for the API. Later
 * visits to home, and signed-in viewers (canPlay is theirs), ask the API.
 */
export function takeInlineHomeAnswer(): HomeBody | undefined {
  if (inlineRead) return undefined;
  inlineRead = true;
  return takeInlineAnswer<HomeBody>(HOME_ANSWER_ELEMENT_ID);
}

export function getHomeQueryOptions(viewer = 'visitor') {
  return queryOptions({
    // canPlay belongs to the viewer (lib/session.ts useViewerKey).
    queryKey: ['home', viewer],
    queryFn: ({ signal }) => getHome(signal),
    ...(viewer === 'visitor'
      ? {
          initialData: takeInlineHomeAnswer,
          initialDataUpdatedAt: inlineAnswerUpdatedAt,
        }
      : {}),
  });
}

export function useHome() {
  return useQuery(getHomeQueryOptions(useViewerKey()));
}

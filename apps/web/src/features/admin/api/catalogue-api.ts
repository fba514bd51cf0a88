import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminGenresBody,
  AdminImageBody,
  AdminMovie,
  AdminPeopleBody,
  AdminPerson,
  AdminPromotion,
  AdminPromotionsBody,
  AdminSeries,
  AdminTitlesBody,
  CatalogueImageKind,
  PublishEpisodeBody,
} from '@bosphorus/contract';
import { api } from '../../../lib/api';

// The console's Catalogue calls (/api/admin/catalogue/*, issue 17). Forms
// are sent as the API takes them (texts; lists as ids separated by commas);
// every write refreshes the catalogue's queries. A 401 or 403 is the page's
// to show, never a sign-out of the operator.

const caller = { accountLoss: 'caller' } as const;
const BASE = '/admin/catalogue';
export const CATALOGUE_KEY = ['admin', 'catalogue'] as const;

export type TitleKind = 'movie' | 'series';
const plural = (kind: TitleKind) => (kind === 'movie' ? 'movies' : 'series');
export type FormValues = Record<string, string>;

export function useTitles(q: string) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'titles', q],
    queryFn: ({ signal }) => api.get<AdminTitlesBody>(`${BASE}/titles`, { q }, signal, caller),
    staleTime: 0,
  });
}

export function useGenres() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'genres'],
    queryFn: ({ signal }) => api.get<AdminGenresBody>(`${BASE}/genres`, undefined, signal, caller),
    staleTime: 60_000,
  });
}

export function useTitle(kind: TitleKind, id: number | null) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, kind, id],
    queryFn: ({ signal }) =>
      api.get<AdminMovie | AdminSeries>(`${BASE}/${plural(kind)}/${id}`, undefined, signal, caller),
    enabled: id !== null,
    staleTime: 0,
  });
}

function useWrite<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}

export const useSaveTitle = () =>
  useWrite(({ kind, id, form }: { kind: TitleKind; id: number | null; form: FormValues }) =>
    api.post<AdminMovie | AdminSeries>(
      id === null ? `${BASE}/${plural(kind)}` : `${BASE}/${plural(kind)}/${id}`,
      form,
      undefined,
      caller,
    ),
  );

export const useRemove = () =>
  useWrite((path: string) => api.del<{ message: string }>(`${BASE}/${path}`, undefined, undefined, caller));

export const useSaveSeason = () =>
  useWrite(({ seriesId, id, form }: { seriesId: number; id: number | null; form: FormValues }) =>
    api.post<{ id: number }>(
      id === null ? `${BASE}/series/${seriesId}/seasons` : `${BASE}/seasons/${id}`,
      form,
      undefined,
      caller,
    ),
  );

export const useSaveEpisode = () =>
  useWrite(({ seasonId, id, form }: { seasonId: number; id: number | null; form: FormValues }) =>
    api.post<PublishEpisodeBody>(
      id === null ? `${BASE}/seasons/${seasonId}/episodes` : `${BASE}/episodes/${id}`,
      form,
      undefined,
      caller,
    ),
  );

export const usePublishEpisode = () =>
  useWrite((id: number) => api.post<PublishEpisodeBody>(`${BASE}/episodes/${id}/publish`, {}, undefined, caller));

export const useFrame = () =>
  useWrite(({ type, id }: { type: 'movie' | 'episode'; id: number }) =>
    api.post<AdminImageBody>(`${BASE}/${type === 'movie' ? 'movies' : 'episodes'}/${id}/frame`, {}, undefined, caller),
  );

/** POST …/images: the picture at every size the site uses; the name to put in an image field. */
export function uploadImage(kind: CatalogueImageKind, file: File) {
  const data = new FormData();
  data.append('kind', kind);
  data.append('file', file);
  return api.postMultipart<AdminImageBody>(`${BASE}/images`, data, undefined, caller);
}

export function usePeople(q: string) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'people', q],
    queryFn: ({ signal }) => api.get<AdminPeopleBody>(`${BASE}/people`, { q }, signal, caller),
    enabled: q.trim() !== '',
    staleTime: 0,
  });
}

export const useSavePerson = () =>
  useWrite(({ id, form }: { id: number | null; form: FormValues }) =>
    api.post<AdminPerson>(id === null ? `${BASE}/people` : `${BASE}/people/${id}`, form, undefined, caller),
  );

export function usePromotions() {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, 'promotions'],
    queryFn: ({ signal }) => api.get<AdminPromotionsBody>(`${BASE}/promotions`, undefined, signal, caller),
    staleTime: 0,
  });
}

export const useSavePromotion = () =>
  useWrite(({ id, form }: { id: number | null; form: FormValues }) =>
    api.post<AdminPromotion>(id === null ? `${BASE}/promotions` : `${BASE}/promotions/${id}`, form, undefined, caller),
  );

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQueryParams, type SeriesListBody } from '@bosphorus/contract';
import { api } from '../../../lib/api';
import { seriesItem } from '../../../components/ui/title-card';
import type { ListPageData, ListUrlState } from '../types';

// Spec §7: GET /series with genre, year, sortby, status, search and page.

export function getSeriesList(params: ListUrlState, signal?: AbortSignal): Promise<SeriesListBody> {
  return api.get<SeriesListBody>(
    '/series',
    listQueryParams(params.filters, params.search, params.page, 'series'),
    signal,
  );
}

function toListPage(body: SeriesListBody): ListPageData {
  return { items: body.series.map(seriesItem), totalPages: body.total_pages };
}

export function getSeriesListQueryOptions(params: ListUrlState) {
  const query = listQueryParams(params.filters, params.search, params.page, 'series').toString();
  return queryOptions({
    queryKey: ['series-list', query],
    queryFn: ({ signal }) => getSeriesList(params, signal),
    select: toListPage,
    // The previous page stays on screen (dimmed) while the next one loads,
    // so the grid never collapses to a spinner between filter changes.
    placeholderData: keepPreviousData,
  });
}

export function useSeriesList(params: ListUrlState, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSeriesListQueryOptions(params), enabled });
}

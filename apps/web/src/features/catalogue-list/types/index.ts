import type { FilterCriteria } from '@bosphorus/contract';
import type { AnyTitleCard } from '../../../components/ui/title-card';

export type ListKind = 'series' | 'movies';

/** What the list page reads from (and writes to) the address bar. */
export interface ListUrlState {
  filters: FilterCriteria;
  search: string;
  page: number;
}

/** One page of either list, in the shape the grid renders. */
export interface ListPageData {
  items: AnyTitleCard[];
  totalPages: number;
}

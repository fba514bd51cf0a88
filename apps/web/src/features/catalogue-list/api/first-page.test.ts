// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, LIST_ANSWER_ELEMENT_ID, type SeriesListBody } from '@bosphorus/contract';
import { getSeriesListQueryOptions } from './get-series-list';
import { getMoviesListQueryOptions } from './get-movies-list';

// Decision 0099: the list document carries its unfiltered first page; the
// list query's first render draws from it, once, and any other page asks
// the API.

afterEach(() => {
  document.body.innerHTML = '';
});

const answer: { body: SeriesListBody } = {
  body: { series: [], total_pages: 3 } as unknown as SeriesListBody,
};
function serve(kind: string, text = JSON.stringify(answer)) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${LIST_ANSWER_ELEMENT_ID}" data-kind="${kind}">${text}</script>`;
}
const initial = (options: { initialData?: unknown }) =>
  typeof options.initialData === 'function' ? (options.initialData as () => unknown)() : options.initialData;

describe("a list's first page from the document", () => {
  it('is the first page query’s initial data, read once', () => {
    serve('series');
    const options = getSeriesListQueryOptions({ filters: EMPTY_FILTERS, search: '', page: 1 });
    expect(options.queryKey).toEqual(['series-list', 'page=1']);
    expect(initial(options)).toEqual(answer.body);
    expect(document.getElementById(LIST_ANSWER_ELEMENT_ID)).toBeNull();
    expect(initial(options), 'a later visit asks the API').toBeUndefined();
  });

  it("is not another kind's, another page's, a filtered page's, nor unreadable data", () => {
    serve('series');
    expect(initial(getMoviesListQueryOptions({ filters: EMPTY_FILTERS, search: '', page: 1 }))).toBeUndefined();
    expect(initial(getSeriesListQueryOptions({ filters: EMPTY_FILTERS, search: '', page: 2 }))).toBeUndefined();
    expect(
      initial(getSeriesListQueryOptions({ filters: { ...EMPTY_FILTERS, genre: [4] }, search: '', page: 1 })),
    ).toBeUndefined();
    expect(initial(getSeriesListQueryOptions({ filters: EMPTY_FILTERS, search: 'ask', page: 1 }))).toBeUndefined();
    expect(document.getElementById(LIST_ANSWER_ELEMENT_ID), 'still there for its own query').not.toBeNull();
    serve('series', '{not json');
    expect(initial(getSeriesListQueryOptions({ filters: EMPTY_FILTERS, search: '', page: 1 }))).toBeUndefined();
  });
});

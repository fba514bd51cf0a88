import { LIST_ANSWER_ELEMENT_ID } from '@bosphorus/contract';
import { inlineAnswerUpdatedAt, takeInlineAnswer } from '../../../lib/inline-answer';
import type { ListKind } from '../types';

/** The query of a list's unfiltered first page (listQueryParams): the one the served document answers. */
const FIRST_PAGE = 'page=1';

/**
 * The list's unfiltered first page as the served document carried it
 * (decision 0099): its query's initial data, so the first render draws the
 * grid the shell showed. Any other query asks the API.
 */
export function firstPageFromDocument<B>(kind: ListKind, query: string) {
  return query === FIRST_PAGE
    ? {
        initialData: () => takeInlineAnswer<B>(LIST_ANSWER_ELEMENT_ID, kind),
        initialDataUpdatedAt: inlineAnswerUpdatedAt,
      }
    : {};
}

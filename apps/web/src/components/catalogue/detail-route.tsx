import { Fragment, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { parseDetailId } from './format';
import { DetailLoadError, TitleNotFound } from './title-not-found';
import { isTitleNotFound } from './use-detail-page';

// The route part both detail pages share: read the id from the address,
// load the title, and show the skeleton, 'Title not found' (a malformed id
// without a request; an unknown one after the API's 404/400), a retryable
// load error, or the page itself, keyed by id so moving between titles
// starts with a fresh page state.

export function DetailRoute<T>({
  kind,
  useDetail,
  Skeleton,
  children,
}: {
  kind: 'movie' | 'series';
  useDetail: (id: number | null) => UseQueryResult<T>;
  Skeleton: ComponentType;
  /** `own`: the answer is this viewer's, not the visitor's kept on screen until theirs arrives. */
  children: (data: T, own: boolean) => ReactNode;
}) {
  const { id: rawId } = useParams();
  const id = parseDetailId(rawId);
  const detail = useDetail(id);

  if (id === null) return <TitleNotFound kind={kind} />;
  if (detail.isPending) return <Skeleton />;
  if (detail.isError) {
    if (isTitleNotFound(detail.error)) return <TitleNotFound kind={kind} />;
    return <DetailLoadError onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  }
  return <Fragment key={id}>{children(detail.data, !detail.isPlaceholderData)}</Fragment>;
}

import { Link } from 'react-router';
import { SUPPORT_TEXTS, type PolicySlug } from '@bosphorus/contract';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../components/catalogue/format';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api';
import { usePage } from '../api/get-page';
import { PageBlocks } from './page-blocks';
import './policy.css';

// Spec §2 /profile/privacy-policy, /profile/term-condition,
// /profile/copyright-policy: public policy texts, edited by the operator in
// the database (decision 0025) and read here as structured blocks.

export function PolicyPage({ slug }: { slug: PolicySlug }) {
  const page = usePage(slug);
  useDocumentTitle(page.data ? pageTitle(page.data.title) : null);

  if (page.isPending) {
    return (
      <main id="main" className="page policy">
        <Spinner label="Loading page" />
      </main>
    );
  }
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return (
      <main id="main" className="page policy">
        <p className="policy__status" role="alert">
          {missing ? SUPPORT_TEXTS.pageNotFound : SUPPORT_TEXTS.pageFailed}
        </p>
        <p>
          <Link to="/profile/contact" className="policy__link">
            {SUPPORT_TEXTS.contactTitle}
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main id="main" className="page policy">
      <article>
        <h1 className="page-title policy__title">{page.data.title}</h1>
        <p className="policy__updated">
          {SUPPORT_TEXTS.lastUpdated} <time dateTime={page.data.updated_at}>{formatDate(page.data.updated_at)}</time>
        </p>
        <div className="policy__body">
          <PageBlocks blocks={page.data.blocks} />
        </div>
      </article>
    </main>
  );
}

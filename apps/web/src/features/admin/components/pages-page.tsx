import { useState, type FormEvent } from 'react';
import { ADMIN_TEXTS, PAGE_SOURCE_MAX, type AdminFaq } from '@bosphorus/contract';
import { useDeleteFaq, useFaqs, usePageSource, usePages, useSaveFaq, useSavePage } from '../api/console-api';
import { ConfirmButton, ConsoleTable, Loaded, Outcome, SidePanel, When } from './console-ui';

// Pages (issue 17): the policy pages, edited as their source the way
// `npm run admin -- set-page` reads a file (rendered as text, never HTML:
// decision 0025), and the FAQ's questions.

function PageEditor({ slug, onClose }: { slug: string; onClose: () => void }) {
  const page = usePageSource(slug);
  const save = useSavePage();
  const [source, setSource] = useState<string | null>(null);
  const text = source ?? page.data?.source ?? '';
  return (
    <SidePanel title={page.data?.title ?? slug} onClose={onClose}>
      <Loaded query={page}>
        {() => (
          <form
            className="console__form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              save.mutate({ slug, source: text });
            }}
          >
            <label htmlFor="page-source">/profile/{slug}</label>
            <p className="console__hint" id="page-source-help">
              {ADMIN_TEXTS.pageSourceHelp}
            </p>
            <textarea
              id="page-source"
              aria-describedby="page-source-help"
              rows={22}
              maxLength={PAGE_SOURCE_MAX}
              value={text}
              onChange={(e) => setSource(e.target.value)}
            />
            <div className="console__actions">
              <button type="submit" className="btn btn--primary" disabled={save.isPending}>
                {ADMIN_TEXTS.savePage}
              </button>
            </div>
            <Outcome text={save.isError ? save.error.message : (save.data?.message ?? null)} error={save.isError} />
          </form>
        )}
      </Loaded>
    </SidePanel>
  );
}

function FaqEditor({ faq, onClose }: { faq: AdminFaq | null; onClose: () => void }) {
  const save = useSaveFaq();
  const [header, setHeader] = useState(faq?.header ?? '');
  const [text, setText] = useState(faq?.text ?? '');
  const [position, setPosition] = useState(String(faq?.position ?? 0));
  return (
    <SidePanel title={faq ? faq.header : ADMIN_TEXTS.addFaq} onClose={onClose}>
      <form
        className="console__form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          save.mutate(
            { id: faq?.id ?? null, faq: { header, text, position: Number(position) } },
            { onSuccess: onClose },
          );
        }}
      >
        <label>
          {ADMIN_TEXTS.faqHeader}
          <input required maxLength={500} value={header} onChange={(e) => setHeader(e.target.value)} />
        </label>
        <label>
          {ADMIN_TEXTS.faqText}
          <textarea required rows={8} maxLength={10_000} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label>
          {ADMIN_TEXTS.faqPosition}
          <input type="number" min={0} max={32767} value={position} onChange={(e) => setPosition(e.target.value)} />
        </label>
        <div className="console__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {ADMIN_TEXTS.savePage}
          </button>
        </div>
        <Outcome text={save.isError ? save.error.message : null} error={save.isError} />
      </form>
    </SidePanel>
  );
}

export function PagesPage() {
  const pages = usePages();
  const faqs = useFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<string | null>(null);
  const [faq, setFaq] = useState<AdminFaq | 'new' | null>(null);
  return (
    <main id="main" className="console-page">
      <h1>{ADMIN_TEXTS.pages}</h1>
      <Loaded query={pages}>
        {(data) => (
          <ConsoleTable actions columns={['Title', 'Address', 'Updated']}>
            {data.pages.map((p) => (
              <tr key={p.slug}>
                <td>{p.title}</td>
                <td>/profile/{p.slug}</td>
                <td>
                  <When at={p.updated_at} />
                </td>
                <td className="console-table__actions">
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`${ADMIN_TEXTS.editPage} ${p.title}`}
                    onClick={() => setEditing(p.slug)}
                  >
                    {ADMIN_TEXTS.editPage}
                  </button>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Loaded>

      <div className="console__section-head">
        <h2>{ADMIN_TEXTS.faq}</h2>
        <button type="button" className="btn btn--primary" onClick={() => setFaq('new')}>
          {ADMIN_TEXTS.addFaq}
        </button>
      </div>
      <Loaded query={faqs}>
        {(data) => (
          <ConsoleTable actions columns={[ADMIN_TEXTS.faqPosition, ADMIN_TEXTS.faqHeader]}>
            {data.faqs.map((f) => (
              <tr key={f.id}>
                <td>{f.position}</td>
                <td>{f.header}</td>
                <td className="console-table__actions">
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`${ADMIN_TEXTS.editPage} ${f.header}`}
                    onClick={() => setFaq(f)}
                  >
                    {ADMIN_TEXTS.editPage}
                  </button>
                  <ConfirmButton
                    label={ADMIN_TEXTS.deleteFaq}
                    question={ADMIN_TEXTS.confirmDeleteFaq(f.header)}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate(f.id)}
                  />
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Loaded>
      <Outcome text={remove.isError ? remove.error.message : (remove.data?.message ?? null)} error={remove.isError} />
      {editing ? <PageEditor slug={editing} onClose={() => setEditing(null)} /> : null}
      {faq ? <FaqEditor faq={faq === 'new' ? null : faq} onClose={() => setFaq(null)} /> : null}
    </main>
  );
}

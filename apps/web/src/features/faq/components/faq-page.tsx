import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { SUPPORT_TEXTS, type FaqItem } from '@bosphorus/contract';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { useFaq } from '../api/get-faq';
import './faq.css';

// Spec §2 Profile area → FAQ: an accordion; §8: a failure is only logged
// (no toast), the page says so quietly and points to the contact form.
// Any number of answers may be open at once (decision 0025): people compare
// answers (plans, cancelling) and nothing closes under them. Each question
// is a button (aria-expanded, aria-controls) that Enter and Space toggle;
// Up/Down, Home and End move between questions, as on a TV remote.

export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      e.key === 'ArrowDown'
        ? Math.min(index + 1, last)
        : e.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (target === null) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="faq">
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const buttonId = `${baseId}-q-${item.id}`;
        const panelId = `${baseId}-a-${item.id}`;
        return (
          <div key={item.id} className={`faq__item${expanded ? ' faq__item--open' : ''}`}>
            <h2 className="faq__question">
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                id={buttonId}
                type="button"
                className="faq__toggle"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(e) => handleKeyDown(e, index)}
              >
                <span>{item.header}</span>
                <ChevronDownIcon className="icon faq__chevron" />
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
              <p>{item.text}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function FaqPage() {
  useDocumentTitle(pageTitle('FAQs'));
  const faq = useFaq();
  useEffect(() => {
    // Spec §8: an FAQ failure is only logged.
    if (faq.error) console.error('FAQ could not be loaded', faq.error);
  }, [faq.error]);

  return (
    <main id="main" className="page support-page">
      <h1 className="page-title">{SUPPORT_TEXTS.faqTitle}</h1>
      {faq.isPending ? (
        <Spinner label="Loading questions" />
      ) : faq.isError || faq.data.length === 0 ? (
        <p className="support-page__empty">
          {faq.isError ? SUPPORT_TEXTS.faqFailed : SUPPORT_TEXTS.faqEmpty}{' '}
          <Link to="/profile/contact" className="support-page__link">
            {SUPPORT_TEXTS.contactTitle}
          </Link>
        </p>
      ) : (
        <>
          <FaqAccordion items={faq.data} />
          <p className="support-page__more">
            Still need help?{' '}
            <Link to="/profile/contact" className="support-page__link">
              Write to us
            </Link>
          </p>
        </>
      )}
    </main>
  );
}

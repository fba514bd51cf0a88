import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, SEARCH_DEBOUNCE_MS } from '@bosphorus/contract';
import { SearchIcon } from '../../../components/ui/icons';
import { useClickOutside } from '../../../lib/hooks/use-click-outside';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { useSearchTitles } from '../api/search-titles';
import { fullResultsPath } from '../utils/relevance';

// Spec §2 Header search, for signed-in users: a search box whose results
// (movies and series, with their year) drop down below it once the text has
// settled for SEARCH_DEBOUNCE_MS. Below the layout breakpoint the header
// shows it from its own button (`open`); its styles live with the header's
// (app/layout.css). Results come best match first across movies and series;
// Enter opens the full, paged list of the best match's kind with the text
// (issue 15, decision 0076).

export interface HeaderSearchProps {
  /** Shown below the layout breakpoint (the header's search button); focuses the box. */
  open: boolean;
  /** A result was followed: the header closes its panels. */
  onNavigate: () => void;
}

export function HeaderSearch({ open, onNavigate }: HeaderSearchProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [showResults, setShowResults] = useState(false);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useSearchTitles(q);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  useClickOutside(formRef, () => setShowResults(false), { active: showResults });

  const items = results.data ?? [];
  const visible = showResults && q !== '' && text.trim() !== '';
  const close = () => {
    setShowResults(false);
    setText('');
    onNavigate();
  };

  return (
    <form
      ref={formRef}
      id="site-search"
      role="search"
      className="header-search"
      data-open={open || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        const query = text.trim();
        if (!query) return;
        // The best match is known only when the dropdown shows this text's answer.
        const best = q === query ? items[0] : undefined;
        close();
        void navigate(fullResultsPath(query, best));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && visible) {
          e.stopPropagation();
          setShowResults(false);
          inputRef.current?.focus();
        }
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <SearchIcon className="icon header-search__icon" />
      <input
        ref={inputRef}
        id={inputId}
        className="header-search__input"
        type="search"
        placeholder={MESSAGES.searchPlaceholder}
        autoComplete="off"
        value={text}
        // A search box with a results popup is a combobox (ARIA 1.2): only
        // that role may say whether its popup is expanded.
        role="combobox"
        aria-autocomplete="list"
        aria-controls={visible ? listId : undefined}
        aria-expanded={visible}
        onChange={(e) => {
          setText(e.target.value);
          setShowResults(true);
        }}
        onFocus={() => setShowResults(true)}
      />
      {visible && (
        <div className="header-search__results" id={listId}>
          {results.isPending || q !== text.trim() ? (
            <p className="header-search__note" role="status">
              {MESSAGES.loading}
            </p>
          ) : results.isError ? (
            <p className="header-search__note" role="status">
              Search is unavailable right now. Please try again.
            </p>
          ) : items.length === 0 ? (
            <p className="header-search__note" role="status">
              {MESSAGES.noResults}
            </p>
          ) : (
            <ul aria-label="Search results">
              {items.map((item) => (
                <li key={item.key}>
                  <Link to={item.to} className="header-search__item" onClick={close}>
                    <span className="header-search__kind">{item.kind}</span>
                    <span className="header-search__title">{item.title}</span>
                    <span className="header-search__year">{item.year}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

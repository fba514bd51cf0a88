import { useEffect, useId, useState, type FormEvent } from 'react';
import { MESSAGES, SEARCH_DEBOUNCE_MS } from '@bosphorus/contract';
import { SearchIcon } from '../../../components/ui/icons';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { SEARCH_MAX_LENGTH } from '../hooks/use-list-url-state';

export interface SearchFieldProps {
  /** The search in the address bar. */
  value: string;
  /** Called with the trimmed text once typing has paused (or on Enter). */
  onCommit: (search: string) => void;
}

/**
 * The list's search box. Text is sent 400 ms after the last keystroke (spec
 * §4, §9), or at once on Enter. When the address bar changes under it (Back,
 * 'Clear filters', a search link) the box follows.
 */
export function SearchField({ value, onCommit }: SearchFieldProps) {
  const inputId = useId();
  const [text, setText] = useState(value);
  // The last search this box sent, and the address-bar value last seen: an
  // address change that is not our own commit is an outside change.
  const [committed, setCommitted] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== committed) {
      setCommitted(value);
      setText(value);
    }
  }

  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // `debounced !== text` while typing, and just after an outside change
    // (the old debounced text must not be sent back).
    const next = debounced.trim();
    if (debounced !== text || next === committed) return;
    setCommitted(next);
    onCommit(next);
  }, [debounced, text, committed, onCommit]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = text.trim();
    if (next === committed) return;
    setCommitted(next);
    onCommit(next);
  };

  return (
    <form className="search-field" onSubmit={handleSubmit}>
      <label className="visually-hidden" htmlFor={inputId}>
        Search
      </label>
      <SearchIcon className="icon search-field__icon" />
      <input
        id={inputId}
        className="search-field__input"
        type="search"
        value={text}
        placeholder={MESSAGES.searchPlaceholder}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

import { useEffect, useId, useRef, type FocusEvent } from 'react';
import { ChevronDownIcon, CloseIcon } from '../../../components/ui/icons';
import { useClickOutside } from '../../../lib/hooks/use-click-outside';
import type { FilterOption } from '../utils/filter-rules';

export interface FilterDropdownProps {
  /** 'Year', 'Status' or 'Genre': the button's name and the panel's label. */
  label: string;
  options: readonly FilterOption[];
  /** Checked option values. */
  selected: readonly string[];
  open: boolean;
  /** The trigger was clicked: the parent opens this one or closes it. */
  onToggleOpen: () => void;
  /** Escape, a click outside or focus leaving the dropdown: close this one (if it is still the open one). */
  onClose: () => void;
  onToggleOption: (value: string) => void;
  /** The clear icon: unchecks the whole group. */
  onClear: () => void;
}

/**
 * A disclosure button with a panel of checkboxes (spec §4 Lists and filters).
 * Which panel is open is the filter bar's state, so only one is open at a
 * time. The clear icon is a separate button beside the trigger, shown while
 * something is checked.
 */
export function FilterDropdown({
  label,
  options,
  selected,
  open,
  onToggleOpen,
  onClose,
  onToggleOption,
  onClear,
}: FilterDropdownProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pointerDownRef = useRef(false);
  const panelId = useId();
  const countId = useId();
  const count = selected.length;
  // The options are drawn when the panel first opens, then kept: a closed
  // panel's checkboxes are two thirds of the filter bar's elements, and the
  // list page's first render is on a phone's main thread (issue 15).
  const everOpened = useRef(false);
  if (open) everOpened.current = true;

  // 'click', not 'pointerdown': on phones the open panel sits in the flow,
  // and closing it on touch-down would move what was tapped away before
  // the tap lands. A click elsewhere runs first, then the panel closes.
  useClickOutside(rootRef, onClose, { active: open, event: 'click' });

  useEffect(() => {
    if (!open) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      // Focus goes back to the trigger only when it was inside this
      // dropdown, so Escape never pulls focus from elsewhere on the page.
      const focusInside = rootRef.current?.contains(document.activeElement);
      onClose();
      if (focusInside) triggerRef.current?.focus();
    };
    const handlePointerDown = () => {
      pointerDownRef.current = true;
    };
    const handlePointerUp = () => {
      pointerDownRef.current = false;
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown, true);
    document.addEventListener('pointerup', handlePointerUp, true);
    document.addEventListener('pointercancel', handlePointerUp, true);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown, true);
      document.removeEventListener('pointerup', handlePointerUp, true);
      document.removeEventListener('pointercancel', handlePointerUp, true);
      pointerDownRef.current = false;
    };
  }, [open, onClose]);

  // Tabbing out of an open panel closes it, the keyboard's "click outside".
  // Focus that moves because a pointer is pressed elsewhere is left to the
  // click handler (the same layout-shift trap as above: focus moves on
  // press, the click lands on release). So is a blur with no new focus
  // target (a click on plain text, Safari's unfocusable buttons).
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!open || pointerDownRef.current) return;
    if (next instanceof Node && !event.currentTarget.contains(next)) onClose();
  };

  return (
    <div className="filter-dropdown" ref={rootRef} onBlur={handleBlur} data-open={open || undefined}>
      <div className="filter-dropdown__control" data-active={count > 0 || undefined}>
        <button
          ref={triggerRef}
          type="button"
          className="filter-dropdown__trigger"
          aria-expanded={open}
          aria-controls={panelId}
          data-nav-closable=""
          aria-describedby={count > 0 ? countId : undefined}
          onClick={onToggleOpen}
        >
          <span>{label}</span>
          {count > 0 ? (
            <span className="filter-dropdown__count" aria-hidden="true">
              {count}
            </span>
          ) : null}
          <ChevronDownIcon className="icon filter-dropdown__chevron" />
        </button>
        {count > 0 ? (
          <>
            <span id={countId} hidden>
              {count} selected
            </span>
            <button
              type="button"
              className="filter-dropdown__clear"
              aria-label={`Clear ${label}`}
              onClick={() => {
                onClear();
                // The button disappears with the selection: keep focus nearby.
                triggerRef.current?.focus();
              }}
            >
              <CloseIcon />
            </button>
          </>
        ) : null}
      </div>
      <div id={panelId} className="filter-dropdown__panel" role="group" aria-label={label} hidden={!open}>
        <ul className="filter-dropdown__options" role="list">
          {everOpened.current
            ? options.map((option) => (
                <li key={option.value}>
                  <label className="filter-option">
                    <input
                      type="checkbox"
                      className="filter-option__box"
                      checked={selected.includes(option.value)}
                      onChange={() => onToggleOption(option.value)}
                    />
                    <span>{option.label}</span>
                  </label>
                </li>
              ))
            : null}
        </ul>
        <button
          type="button"
          className="btn btn--primary filter-dropdown__done"
          onClick={() => {
            onClose();
            triggerRef.current?.focus();
          }}
        >
          Done
        </button>
      </div>
    </div>
  );
}

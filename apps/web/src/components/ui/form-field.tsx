import { useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import './form.css';

// Labelled form fields shared by the account and profile screens.

/** A labelled password input with a show/hide toggle (spec §2 Sign-in, Sign-up). */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  required = true,
  minLength,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  minLength?: number;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__password">
        <input
          id={id}
          className="field__input"
          type={visible ? 'text' : 'password'}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          required={required}
          minLength={minLength}
        />
        <button
          type="button"
          className="field__reveal"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}

/** A labelled text-like input. */
export function TextField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required = true,
  maxLength,
  navEntry = false,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  /** Where the remote's focus starts on the page (TV mode; decision 0049's `data-nav-entry`). */
  navEntry?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type={type}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        data-nav-entry={navEntry ? '' : undefined}
      />
    </div>
  );
}

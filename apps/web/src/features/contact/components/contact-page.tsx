import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  AUTH_MESSAGES,
  CONTACT_LIMITS,
  SUPPORT_TEXTS,
  type ContactField,
  missingCaptchaText,
} from '@bosphorus/contract';
import { TextField } from '../../../components/ui/form-field';
import { showToast } from '../../../components/ui/toast';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { ApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { useSendContact } from '../api/send-contact';
import './contact.css';

// Spec §2 Profile area → Contact: four fields and a captcha; §5: all four
// non-empty and the captcha completed; §8: 'Email Send successfully' (once, as the toast: issue 15), a
// failure shows the server's message. Empty fields say 'Please fill in all
// fields.', fields of spaces only 'Please do not leave any blank space on
// the form', as on the sign-up form (decision 0025).

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'off';
type Fields = Record<ContactField, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'Please enter a valid e-mail address.';

/** Spec §5 Contact: the first problem of the form, or null. */
export function validateContact(fields: Fields): string | null {
  const values = Object.values(fields);
  if (values.some((v) => v === '')) return AUTH_MESSAGES.fillAllFields;
  if (values.some((v) => v.trim() === '')) return AUTH_MESSAGES.noBlankSpace;
  if (!EMAIL_PATTERN.test(fields.email.trim())) return INVALID_EMAIL;
  return null;
}

export interface ContactPageProps {
  /** Which captcha the server asks for (GET /auth/options); null while that is being read. */
  captchaProvider: CaptchaProvider | null;
  /** The captcha widget (composed in app/: it belongs to the account screens). */
  renderCaptcha: (onSolved: (payload: string) => void) => ReactNode;
}

export function ContactPage({ captchaProvider, renderCaptcha }: ContactPageProps) {
  useDocumentTitle(pageTitle(SUPPORT_TEXTS.contactTitle));
  const user = useCurrentUser();
  const messageId = useId();
  const empty = (): Fields => ({
    name: user?.user_name ?? '',
    email: user?.user_email ?? '',
    subject: '',
    message: '',
  });
  const [fields, setFields] = useState<Fields>(empty);
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendContact();
  const captchaRequired = captchaProvider === 'altcha' || captchaProvider === 'recaptcha';

  // A signed-in person's name and address, once the session is read (never over what they typed).
  useEffect(() => {
    if (!user) return;
    setFields((current) => ({
      ...current,
      name: current.name || user.user_name,
      email: current.email || user.user_email,
    }));
  }, [user]);

  const set = (field: ContactField) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
  };
  const handleSolved = useCallback((payload: string) => setCaptcha(payload), []);
  const freshCaptcha = () => {
    setCaptcha('');
    setCaptchaKey((k) => k + 1);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid =
      validateContact(fields) ?? (captchaRequired && !captcha ? missingCaptchaText(captchaProvider) : null);
    setFormError(invalid);
    if (invalid || captchaProvider === null || send.isPending) return;
    try {
      const message = await send.mutateAsync({
        name: fields.name.trim(),
        email: fields.email.trim(),
        subject: fields.subject.trim(),
        message: fields.message.trim(),
        captcha,
      });
      showToast(message, { tone: 'success' });
      setFields(empty());
    } catch (err) {
      const text =
        (err instanceof ApiError ? err.serverMessage : undefined) ??
        (err instanceof Error ? err.message : AUTH_MESSAGES.unexpectedError);
      showToast(text, { tone: 'error' });
    }
    // A captcha answer is good for one message: the next one needs a new check.
    freshCaptcha();
  };

  return (
    <main id="main" className="page contact">
      <h1 className="page-title">{SUPPORT_TEXTS.contactTitle}</h1>
      <p className="contact__intro">{SUPPORT_TEXTS.contactIntro}</p>
      <form className="contact__form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <div className="contact__row">
          <TextField
            label={SUPPORT_TEXTS.contactLabels.name}
            name="name"
            value={fields.name}
            onChange={set('name')}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
          />
          <TextField
            label={SUPPORT_TEXTS.contactLabels.email}
            name="email"
            type="email"
            value={fields.email}
            onChange={set('email')}
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
          />
        </div>
        <TextField
          label={SUPPORT_TEXTS.contactLabels.subject}
          name="subject"
          value={fields.subject}
          onChange={set('subject')}
          autoComplete="off"
          maxLength={CONTACT_LIMITS.subject}
        />
        <div className="field">
          <label className="field__label" htmlFor={messageId}>
            {SUPPORT_TEXTS.contactLabels.message}
          </label>
          <textarea
            id={messageId}
            className="field__input contact__message"
            name="message"
            rows={7}
            value={fields.message}
            onChange={(e) => set('message')(e.target.value)}
            required
            maxLength={CONTACT_LIMITS.message}
          />
        </div>
        <div key={captchaKey} className="contact__captcha">
          {captchaProvider && renderCaptcha(handleSolved)}
        </div>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="btn btn--primary contact__submit" disabled={send.isPending}>
          {send.isPending ? SUPPORT_TEXTS.contactSending : SUPPORT_TEXTS.contactSend}
        </button>
      </form>
    </main>
  );
}

import { CaptchaField } from '../features/auth/components/captcha-field';
import { useAuthOptions } from '../features/auth/api/get-auth-options';
import { ContactPage } from '../features/contact/components/contact-page';

// /profile/contact: the contact form with the same captcha as the sign-up
// form (spec §2, §5). Features never import each other, so the captcha of
// the account screens is handed to the contact page here.

export function ContactRoute() {
  const options = useAuthOptions();
  // Unknown options (the call failed): no widget, and the server decides.
  const provider = options.data?.captcha.provider ?? (options.isError ? 'off' : null);
  return (
    <ContactPage
      captchaProvider={provider}
      renderCaptcha={(onSolved) => (provider ? <CaptchaField provider={provider} onSolved={onSolved} /> : null)}
    />
  );
}

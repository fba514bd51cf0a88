import { expect, type Locator, type Page } from '@playwright/test';
import { AUTH_LABELS, VERIFICATION_CODE_LENGTH } from '@bosphorus/contract';
import { codeOf, waitForMail } from '../support/mail.js';

// Sign-in, sign-up, the verification popup and the signed-in header
// (spec §2 Sign-in, Sign-up, Email verification popup, Header).

let seq = 0;
/** An e-mail nobody has used in this run. */
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${process.pid}-${++seq}@bosphorus.test`;
}
export const PASSWORD = 'Güvenli şifre 2026!';

export class SignInPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  constructor(readonly page: Page) {
    this.email = page.getByLabel('E-mail');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: AUTH_LABELS.logIn, exact: true });
  }
  async goto(query = '') {
    await this.page.goto(`/signin${query}`);
    await expect(this.page.getByRole('heading', { name: AUTH_LABELS.welcomeBack })).toBeVisible();
  }
  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class RegisterPage {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/register');
    await expect(this.page.getByRole('heading', { name: AUTH_LABELS.createAccount })).toBeVisible();
  }
  /** Fills the form, solves the captcha in the page (ALTCHA proof of work) and ticks the terms. */
  async fill(name: string, email: string, password: string) {
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.locator('altcha-widget input[type="checkbox"]').click({ force: true });
    await expect(this.page.locator('altcha-widget [data-state="verified"]')).toBeAttached({ timeout: 30_000 });
    await this.page.getByRole('checkbox', { name: /I agree to the/ }).check();
  }
  get submit() {
    return this.page.getByRole('button', { name: AUTH_LABELS.createAccount, exact: true });
  }
}

export class VerificationDialog {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: AUTH_LABELS.verificationTitle });
  }
  digit(i: number) {
    return this.dialog.getByLabel(`Digit ${i + 1} of ${VERIFICATION_CODE_LENGTH}`);
  }
  get verify() {
    return this.dialog.getByRole('button', { name: AUTH_LABELS.verifyEmail });
  }
  get resend() {
    return this.dialog.getByRole('button', { name: AUTH_LABELS.resendCode });
  }
  async type(code: string) {
    for (const [i, ch] of [...code].entries()) await this.digit(i).fill(ch);
  }
}

/** The signed-in header's profile menu button (named after the user). */
export function profileMenu(page: Page, name: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(name) });
}

export function toast(page: Page, text: string): Locator {
  return page.locator('.toast').filter({ hasText: text });
}

/** Registers through the screens and confirms the e-mail; ends signed in at home. */
export async function registerAndVerify(page: Page, name: string, email: string) {
  const since = Date.now();
  const register = new RegisterPage(page);
  await register.goto();
  await register.fill(name, email, PASSWORD);
  await register.submit.click();
  const popup = new VerificationDialog(page);
  await expect(popup.dialog).toBeVisible();
  await expect(popup.verify).toBeDisabled();
  // A code was just sent: Resend waits for its cooldown.
  await expect(popup.resend).toBeDisabled();
  const mail = await waitForMail(email, /verification code is \d{6}/, since);
  await popup.type(codeOf(mail));
  await expect(popup.verify).toBeEnabled();
  await popup.verify.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(profileMenu(page, name)).toBeVisible();
}

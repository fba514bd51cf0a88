-- FAQ, policy pages and contact (issue 9; modules/support/README.md, decision 0025).
--
-- The texts live in the database so an operator can change them without a
-- release (`npm run admin -- set-page SLUG FILE`, or SQL: see decision 0025).
-- They are seeded here rather than by the demo seed so that a PostgreSQL
-- deployment has them too. Page bodies are the small Markdown subset of
-- packages/contract/src/support.ts (parsePageSource): headings, paragraphs,
-- lists and links, never HTML.

CREATE INDEX faqs_position ON faqs (position, id);

-- Who wrote (when signed in) and whether the mail to the operator went out:
-- a message is stored before it is mailed, so a mail server outage loses
-- nothing, and `sent_at IS NULL` lists what still needs reading here.
ALTER TABLE contact_messages
  ADD COLUMN user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN sent_at timestamptz;
CREATE INDEX contact_messages_recent ON contact_messages (created_at DESC);

INSERT INTO faqs (position, header, text) VALUES
  (1, 'What is Bosphorus?',
   'Bosphorus is a streaming site for Turkish series and movies with English subtitles. Browse the whole catalogue, read reviews and watch trailers for free; an active plan lets you watch every episode and film.'),
  (2, 'What plans are there and what do they cost?',
   'Weekly Pass: $3 for 7 days. Monthly: $9 a month. Yearly: $90 a year. Every plan includes the whole catalogue in HD, English subtitles, no advertisements, unlimited devices and new-episode notifications. Choose one under Choose plan; you pay by card, or by PayPal where it is offered.'),
  (3, 'How do I cancel?',
   'Open Profile, then Subscription, and choose Manage subscription: the card provider''s page lets you cancel. Your plan stays active until its end date and is not renewed; nothing more is charged. A Weekly Pass and plans paid by PayPal do not renew, so there is nothing to cancel: they simply end on their end date.'),
  (4, 'On which devices can I watch?',
   'On any phone, tablet or computer with a current browser, and on smart TVs through the TV''s browser: the site is built for the remote (arrow keys move, OK plays, Back returns). There is no limit on the number of devices; sign in with the same account on each.'),
  (5, 'Which subtitles are there?',
   'Every episode and film has English subtitles. In the player, the subtitle settings change the size, colour and background, move the subtitles earlier or later if they are out of step, and can add the original Turkish line under the English one when the title has it, which is useful when you are learning Turkish.'),
  (6, 'How do I hear about new episodes?',
   'With an active plan, turn on the bell on a series page. When a new episode of that series is published you get a notification under the bell in the header, and a push message on devices where you allowed notifications. Turn the bell off the same way.'),
  (7, 'The video does not start or keeps stopping. What can I do?',
   'Under the player, press Reload Player first. If that does not help, switch to Backup Server: it streams the same video from a second server. Checking your connection, or trying another browser, also helps. If the problem stays, use Report under the player so we can look at that video.'),
  (8, 'How do I report a problem with an episode or its subtitles?',
   'Press Report under the player, describe what is wrong (for example "subtitles missing from 12:30" or "wrong episode") and send it. The report tells us which title and episode you were watching, so you do not need to type them.'),
  (9, 'I forgot my password. How do I get back in?',
   'On the sign-in page choose Forgot password? and enter your e-mail address. We send you a link to set a new password; it works once and for 30 minutes. If you signed up with Google, use the Google button instead.'),
  (10, 'How do I change my name, password or picture?',
   'Open Profile, then Edit profile. Your display name is required; a new password and a new picture are optional.'),
  (11, 'How do I delete my account or my data?',
   'Write to us through the Contact page from the e-mail address of your account and ask for your account to be deleted. We confirm by e-mail and delete the account with its reviews, favourites, history and notifications. Cancel any renewing plan first so that nothing more is charged. Your watch history alone can be cleared at any time on the History page.'),
  (12, 'How do I contact you?',
   'Use the Contact page: fill in your name, e-mail, subject and message, complete the check and send. We answer by e-mail, usually within two working days.');

INSERT INTO pages (slug, title, body, updated_at) VALUES
('privacy-policy', 'Privacy Policy', $page$
This policy explains what personal data Bosphorus collects when you use the site, why we collect it, and the choices you have.

## Who may use Bosphorus

Bosphorus is not meant for children. No one under 16 may create an account or give us personal data. If we learn that we hold the data of someone under 16, we delete it. If you believe a child under 16 has given us data, please [contact us](/profile/contact).

## What we collect

- Account data: your name, e-mail address, password (stored only as a one-way hash, never readable) and, if you add one, your profile picture.
- Sign-in with Google: your name, e-mail address and Google account identifier, as Google shares them with your consent.
- Plans and payments: the plan you chose, its dates and the payment provider's reference. Card and PayPal details are handled by the payment provider; we never see or store your card number.
- What you write: reviews, replies, issue reports and messages sent through the contact form.
- Viewing: your favourites, the series whose notifications you turned on, where you stopped in each episode or film (so you can continue), and your subtitle settings.
- Devices: the push token of a browser where you allowed notifications, and, for security, the address and browser of each sign-in.

## Why we use it

- To run your account and let you sign in, watch, continue where you stopped and receive the notifications you asked for.
- To take payments and show your plan and its end date.
- To answer your messages and reports.
- To keep the service safe: to limit repeated attempts, detect abuse and enforce our [Terms of Use](/profile/term-condition).

We do not sell your personal data and we show no advertisements.

## Who we share it with

Only with the services that help us run Bosphorus, and only what each needs: the payment providers (Stripe, PayPal), the e-mail service that delivers our mails, the push service of your browser, and our hosting provider. We disclose data to authorities only when the law requires it.

## How long we keep it

Account data is kept while your account exists. When you ask us to delete your account, we delete it together with your reviews, favourites, history and notifications; payment records are kept as long as tax law requires. Contact messages are kept for up to two years.

## Your choices and rights

- Change your name, password or picture under Edit profile.
- Clear your watch history on the History page; turn notifications off on any series page or in your browser.
- Ask for a copy of your data, its correction or its deletion through the [contact form](/profile/contact). We answer within 30 days.

## Cookies and storage

We use only what the site needs to work: a sign-in cookie and your browser's storage for your session and settings. There are no advertising or tracking cookies.

## Changes to this policy

When we change this policy we update the date at the top of this page. Important changes are also announced on the site.
$page$, '2025-07-16T00:00:00Z'),
('term-condition', 'Terms of Use', $page$
Last modified: July 16, 2025.

These Terms of Use are an agreement between you and Bosphorus. By creating an account or using the site you accept them. If you do not accept them, do not use Bosphorus.

## Who may use Bosphorus

- You must be 18 or older to create an account, buy a plan or use the service.
- Bosphorus is offered for persons in the United States. The catalogue is licensed for viewing there; we make no promise that it is available or lawful to watch elsewhere.
- You are responsible for your account and its password. Tell us at once through the [contact form](/profile/contact) if you think someone else has used it.

## Plans and payment

- Watching requires an active plan. The plans, their prices and durations are shown on the Choose plan page before you pay.
- A monthly or yearly plan paid by card renews automatically at the end of each period until you cancel it under Profile, Subscription. After cancelling, you keep access until the end of the period already paid.
- A Weekly Pass and plans paid by PayPal do not renew; they end on their end date.
- Payments already made are not refunded, except where the law requires it.

## Using the service

- The series, films and subtitles are for your personal, non-commercial viewing. You may not copy, download, record, re-stream, sell or publicly show them.
- You may not get around the site's protections, share playback links, use the service by automated means, or disturb its operation.
- Reviews and replies must be your own and lawful: no insults, threats, spam, advertising or other people's personal data. We may remove content and suspend or close accounts that break these terms.
- Copyright complaints are handled under our [Copyright Policy](/profile/copyright-policy).

## The service itself

We work to keep Bosphorus available and the catalogue up to date, but titles come and go as licences begin and end, and the service may be interrupted for maintenance or reasons beyond our control. The service is provided "as is", to the extent the law allows, without warranties of any kind. Our liability to you is limited to the amount you paid us in the twelve months before the claim.

## Disputes

- These terms are governed by the laws of the State of Florida, United States, without regard to its conflict-of-law rules.
- Any dispute arising out of or relating to these terms or the service is resolved by binding individual arbitration, not in court, except that either party may bring an individual claim in small-claims court. Class actions and class arbitrations are not permitted.
- Any claim must be brought within one year after it arose; otherwise it is permanently barred.

## Changes

We may change these terms. The date of the last change is shown at the top of this page. If you keep using Bosphorus after a change, the new terms apply to you.

## Contact

Questions about these terms: use the [contact form](/profile/contact).
$page$, '2025-07-16T00:00:00Z'),
('copyright-policy', 'Copyright Policy', $page$
Bosphorus respects the rights of copyright owners and expects its users to do the same. We respond to clear notices of claimed infringement, in line with the U.S. Digital Millennium Copyright Act (DMCA).

## How to send a complaint

If you believe that material on Bosphorus infringes a copyright you own or are authorised to act for, send a written notice to our copyright agent:

- By e-mail: [copyright@bosphorus.tv](mailto:copyright@bosphorus.tv)
- Or through the [contact form](/profile/contact), with the subject "Copyright notice".

## What a notice must contain

1. Your physical or electronic signature, as the owner of the right or a person authorised to act for the owner.
2. Identification of the copyrighted work you claim is infringed.
3. Identification of the material on Bosphorus that you claim is infringing, with enough detail for us to find it: the address of the page, and for an episode its series, season and episode number.
4. Your contact details: name, postal address, telephone number and e-mail address.
5. A statement that you have a good-faith belief that the use of the material is not authorised by the copyright owner, its agent or the law.
6. A statement that the information in the notice is accurate and, under penalty of perjury, that you are the owner or authorised to act for the owner.

Incomplete notices may not be acted on. Knowingly false claims can make the sender liable for damages.

## What happens next

We review each complete notice promptly. When it is valid we remove or disable access to the material and, where we can, tell the user who posted it (for reviews and replies).

## Counter-notice

If your content was removed and you believe this was a mistake or misidentification, you may send a counter-notice to the same address with: your signature; identification of the removed material and where it appeared; a statement under penalty of perjury that you believe in good faith it was removed by mistake or misidentification; your name, address and telephone number; and your consent to the jurisdiction of the federal court for your district (or, outside the United States, any district where Bosphorus may be found) and to accept service from the person who sent the original notice.

## Repeat infringers

We close, in appropriate circumstances, the accounts of users who repeatedly infringe copyrights.
$page$, '2025-07-16T00:00:00Z');

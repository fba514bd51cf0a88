import { useId, useRef, useState, type FormEvent } from 'react';
import { ISSUE_NOTE_MAX, PLAYER_MESSAGES } from '@bosphorus/contract';
import { Dialog } from '../../../components/ui/dialog';
import { showToast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../lib/session';
import { useSendReport } from '../api/send-report';
import { collectReportFields, type ReportContext } from '../utils/report-fields';
import '../../../components/ui/form.css';

// Spec §2 Episode player (and the movie page too): the report dialog,
// 400 px wide (§9). §5: the note is required — an empty one is stopped here
// with an inline message and nothing is sent. Every other §3 Issue report
// field is filled in by the page (utils/report-fields.ts). §8 texts for the
// outcome.

export const REPORT_DIALOG_TITLE = 'Report a problem';
export const REPORT_NOTE_LABEL = 'What went wrong?';
export const REPORT_NOTE_REQUIRED = 'Please describe the problem so we can look into it.';
export const REPORT_SEND = 'Send report';

export function ReportDialog({
  open,
  onClose,
  context,
}: {
  open: boolean;
  onClose: () => void;
  context: ReportContext;
}) {
  const user = useCurrentUser();
  const send = useSendReport();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteId = useId();
  const errorId = useId();
  const hintId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    if (!note.trim()) {
      setNoteError(REPORT_NOTE_REQUIRED);
      noteRef.current?.focus();
      return;
    }
    send.mutate(collectReportFields(note, context, user), {
      onSuccess: () => {
        showToast(PLAYER_MESSAGES.reportSent, { tone: 'success' });
        setNote('');
        onClose();
      },
      // The dialog stays open with the note, so sending again is one press.
      onError: () => showToast(PLAYER_MESSAGES.reportFailed, { tone: 'error' }),
    });
  }

  const what = context.episodeTitle ? `${context.serieTitle} — ${context.episodeTitle}` : context.serieTitle;

  return (
    <Dialog
      open={open}
      title={REPORT_DIALOG_TITLE}
      onClose={onClose}
      className="report-dialog"
      initialFocus={() => noteRef.current}
    >
      <form className="report-dialog__form" noValidate onSubmit={handleSubmit}>
        <p className="report-dialog__intro">
          Tell us what happened while watching <strong>{what}</strong>.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={noteId}>
            {REPORT_NOTE_LABEL}
          </label>
          <textarea
            ref={noteRef}
            id={noteId}
            name="note"
            className="field__input report-dialog__note"
            rows={5}
            required
            maxLength={ISSUE_NOTE_MAX}
            placeholder="For example: the picture freezes at 12:30, or the subtitles are out of sync."
            value={note}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${errorId} ${hintId}` : hintId}
            onChange={(e) => {
              setNote(e.target.value);
              if (noteError && e.target.value.trim()) setNoteError(null);
            }}
          />
          {noteError ? (
            <p id={errorId} className="form-error" role="alert">
              {noteError}
            </p>
          ) : null}
          <p id={hintId} className="report-dialog__hint">
            We add your browser, screen and connection details so we can find the cause. Nothing that lets anyone watch
            on your account is sent.
          </p>
        </div>
        <div className="report-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : REPORT_SEND}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useMutation } from '@tanstack/react-query';
import { ISSUE_REPORT_FIELDS, type IssueReportForm } from '@bosphorus/contract';
import { api } from '../../../lib/api';

// Spec §7 POST /report: a form with every §3 Issue report field → message.

export function sendReport(report: IssueReportForm): Promise<{ message: string }> {
  const form: Record<string, string> = {};
  for (const field of ISSUE_REPORT_FIELDS) form[field] = report[field] ?? '';
  // Our addition to the §3 fields: where playback was (the console opens the player there).
  if (report.position_seconds !== undefined) form.position_seconds = report.position_seconds;
  return api.post<{ message: string }>('/report', form);
}

export function useSendReport() {
  // Not retried: a report that failed says so, and the person sends it again.
  return useMutation({ mutationFn: sendReport, retry: false });
}

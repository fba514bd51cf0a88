-- The operator console's inbox (issue 17, decision 0081): issue reports,
-- contact messages and client error reports each carry a status an operator
-- moves between new, seen and resolved. Rows already stored start as new.
ALTER TABLE issue_reports
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'seen', 'resolved')),
  ADD COLUMN status_at timestamptz;
ALTER TABLE contact_messages
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'seen', 'resolved')),
  ADD COLUMN status_at timestamptz;
ALTER TABLE client_error_reports
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'seen', 'resolved')),
  ADD COLUMN status_at timestamptz;
CREATE INDEX issue_reports_status ON issue_reports (status, id DESC);
CREATE INDEX contact_messages_status ON contact_messages (status, id DESC);
CREATE INDEX client_error_reports_status ON client_error_reports (status, id DESC);

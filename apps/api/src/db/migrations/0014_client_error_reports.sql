-- Client error reports (issue 14; modules/diagnostics/README.md, decision 0053).
--
-- Every uncaught error and unhandled rejection the web app's start-up script
-- reports (spec §4 Global errors, §8), kept for operators:
--   SELECT received_at, type, message, source, line, page_url FROM client_error_reports
--   ORDER BY received_at DESC LIMIT 50;
-- or `npm run admin -- client-errors`. The user is the verified token's, never
-- a field of the report; the text fields are bounded by the route (ERROR_REPORT_LIMITS).
CREATE TABLE client_error_reports (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  name text,
  message text NOT NULL,
  source text,
  line integer,
  col integer,
  stack text,
  page_url text,
  user_agent text,
  client_timestamp timestamptz,
  frontend_version text NOT NULL,
  is_tv boolean,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  ip text
);
CREATE INDEX client_error_reports_recent ON client_error_reports (received_at DESC);

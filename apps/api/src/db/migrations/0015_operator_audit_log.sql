-- The operators' audit log (issue 17; modules/admin/README.md).
--
-- Every action an operator takes in the console or with `npm run admin`:
-- who, when, what, and the values before and after. Append-only: the
-- triggers below refuse UPDATE, DELETE and TRUNCATE, so neither the console
-- nor a bug in a service can rewrite history (an operator with shell access
-- to the database is outside this rule by nature).
CREATE TABLE operator_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- NULL when the command-line tool acted (no account signed in). No foreign
  -- key: the entry outlives the account, and a key's ON DELETE would rewrite it.
  actor_id bigint,
  -- The actor as they were named at the time (an e-mail, or 'cli').
  actor text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  before jsonb,
  after jsonb
);
CREATE INDEX operator_audit_log_recent ON operator_audit_log (id DESC);
CREATE INDEX operator_audit_log_target ON operator_audit_log (target_type, target_id, id DESC);

CREATE FUNCTION operator_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only';
END;
$$;
CREATE TRIGGER operator_audit_log_no_update BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_append_only();
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_append_only();

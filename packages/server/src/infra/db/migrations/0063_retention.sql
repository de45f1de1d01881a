-- Retention (issue 19 item 4): old rows are deleted in bounded batches by areas/retention/.

-- The command history stays append-only for everything but retention: a transaction that sets
-- powerdeck.retention to 'on' (set_config(..., true): that transaction only) may delete rows.
-- Updates are refused as before.
CREATE OR REPLACE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('powerdeck.retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'device command history is append-only';
END
$$;

-- Retention takes the oldest commands first, a batch at a time.
CREATE INDEX device_commands_created_idx ON device_commands (created_at);

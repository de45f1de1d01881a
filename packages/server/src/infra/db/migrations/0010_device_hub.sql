-- The device hub: command audit log, energy readings, live device state, the shared device key.

-- Secrets every server must share (the key device MQTT passwords are derived from).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Whether the device (or kid) said it is online (`online` topic); contact staleness still applies.
ALTER TABLE devices ADD COLUMN online boolean NOT NULL DEFAULT false;

-- Commands sent to devices: immutable rows, never updated or deleted (append-only audit log).
CREATE TABLE device_commands (
  id uuid PRIMARY KEY,
  -- the topic root the command went to, and the kid when it targets one
  dev_id text NOT NULL,
  kid_id text,
  svc text NOT NULL,
  args jsonb NOT NULL DEFAULT '{}'::jsonb,
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'schedule', 'api')),
  actor_id text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX device_commands_dev_id_idx ON device_commands (dev_id, created_at);

-- Every step of a command's life (sent, acknowledged, done, failed, expired), append-only.
CREATE TABLE device_command_events (
  id bigserial PRIMARY KEY,
  cmd_id uuid NOT NULL REFERENCES device_commands (id),
  state text NOT NULL CHECK (state IN ('sent', 'acknowledged', 'done', 'failed', 'expired')),
  error text,
  at timestamptz NOT NULL
);
CREATE INDEX device_command_events_cmd_id_idx ON device_command_events (cmd_id, id);

-- Meter readings for energy charts, at most one per device (or kid) per minute.
CREATE TABLE device_readings (
  dev_id text NOT NULL,
  at timestamptz NOT NULL,
  voltage real,
  amperage real,
  wattage real,
  battlevel real,
  PRIMARY KEY (dev_id, at)
);

-- The audit log is append-only: the database refuses to rewrite history.
CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'device command history is append-only';
END
$$;
CREATE TRIGGER device_commands_append_only BEFORE UPDATE OR DELETE ON device_commands
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
CREATE TRIGGER device_command_events_append_only BEFORE UPDATE OR DELETE ON device_command_events
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();

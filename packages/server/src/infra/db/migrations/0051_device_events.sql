-- Event logs (issue 13): what devices report, kept once, and the location of each command, so a
-- location's log is read through indexes (docs/api/schedules-events.md).

-- 1. Where a command went: the location of its device (or kid) when it was sent. Filled by the
-- database at insert, so every server (old or new code) writes it the same way.
ALTER TABLE device_commands ADD COLUMN site_id text;

CREATE FUNCTION device_command_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.site_id IS NULL THEN
    SELECT d.site_id INTO NEW.site_id FROM devices d
    WHERE d.dev_id = coalesce(NEW.kid_id, NEW.dev_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER device_commands_site BEFORE INSERT ON device_commands
  FOR EACH ROW EXECUTE FUNCTION device_command_site();

-- Commands sent before this migration get the location their device is at now (the best known).
-- The log is append-only; this one-time fill writes only the new column, never a recorded field.
ALTER TABLE device_commands DISABLE TRIGGER device_commands_append_only;
UPDATE device_commands c SET site_id = d.site_id
FROM devices d
WHERE d.dev_id = coalesce(c.kid_id, c.dev_id);
ALTER TABLE device_commands ENABLE TRIGGER device_commands_append_only;

-- The commands the log shows (not the console's auto status updates nor settings reads), newest
-- first per location; the predicate is repeated word for word by event-logs.repository.ts.
CREATE INDEX device_commands_log_idx ON device_commands (site_id, created_at DESC, id DESC)
  WHERE svc <> 'autoStatusUpdate' AND NOT (svc = 'settings' AND coalesce(args -> 'values', '{}'::jsonb) = '{}'::jsonb);
-- One device's log: its own commands (dev_id, the existing index) and a kid's (kid_id).
CREATE INDEX device_commands_kid_idx ON device_commands (kid_id, created_at DESC, id DESC)
  WHERE kid_id IS NOT NULL;

-- 2. What devices report (`event` topic) and their online/offline changes, appended in batches
-- by the event writer; never updated or deleted.
CREATE TABLE device_events (
  id bigserial PRIMARY KEY,
  -- the device's own row (a kid's own id) and, for a kid, its parent (the topic root)
  dev_id text NOT NULL,
  parent_dev_id text,
  -- where the device was when it was written
  site_id text NOT NULL,
  -- a protocol event type (outlet, cycle, power, …), online, offline, or batteryLow (derived
  -- from status reports by the alert rules)
  type text NOT NULL,
  outlet integer,
  value jsonb,
  -- the device's clock (event `time`, a status's sysTime); NULL for online/offline
  device_time timestamptz,
  -- when a server received it
  at timestamptz NOT NULL,
  -- the command this event answers (an outlet switched by a command): the log shows the command
  cmd_id uuid,
  -- online/offline: the device's previous online/offline row (0: none), so a change is kept
  -- once however many servers heard it
  prev_connection_id bigint
);

CREATE INDEX device_events_site_idx ON device_events (site_id, at DESC, id DESC)
  WHERE cmd_id IS NULL;
CREATE INDEX device_events_dev_idx ON device_events (dev_id, at DESC, id DESC)
  WHERE cmd_id IS NULL;
CREATE INDEX device_events_parent_idx ON device_events (parent_dev_id, at DESC, id DESC)
  WHERE cmd_id IS NULL AND parent_dev_id IS NOT NULL;
-- The same report heard twice (several servers, a watching server's own subscription) is one row.
CREATE UNIQUE INDEX device_events_once ON device_events
  (dev_id, type, coalesce(outlet, 0), value, device_time)
  WHERE device_time IS NOT NULL;
CREATE UNIQUE INDEX device_events_connection_once ON device_events (dev_id, prev_connection_id)
  WHERE type IN ('online', 'offline');
CREATE INDEX device_events_connection_idx ON device_events (dev_id, id DESC)
  WHERE type IN ('online', 'offline');

CREATE FUNCTION refuse_device_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'device events are append-only';
END
$$;
CREATE TRIGGER device_events_append_only BEFORE UPDATE OR DELETE ON device_events
  FOR EACH ROW EXECUTE FUNCTION refuse_device_event_change();

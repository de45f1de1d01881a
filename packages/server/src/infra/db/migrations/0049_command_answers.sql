-- Who recorded each step of a command: the sending server ('server': sent, or expired waiting for
-- the answer), the expiry found later because no server waited any more ('orphaned': its server
-- went away, e.g. a crash), or the device itself, by its ack ('ack') or by a status report that
-- shows the outcome ('status'). Steps recorded before this column are NULL.
ALTER TABLE device_command_events ADD COLUMN source text
  CHECK (source IN ('server', 'orphaned', 'ack', 'status'));

-- A device answers a command once. Several servers may each hear an answer after its server died;
-- only one of them records it.
CREATE UNIQUE INDEX device_command_events_one_answer ON device_command_events (cmd_id)
  WHERE source IN ('ack', 'status') AND state IN ('done', 'failed', 'expired');

-- A starting server looks up the recent set-outlet commands left without an answer.
CREATE INDEX device_commands_set_outlet_created_idx ON device_commands (created_at)
  WHERE svc = 'setOutlet';

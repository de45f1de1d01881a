-- Network management (issue 15): auto-ping configurations, outlets that feed a site's network,
-- discovery runs. docs/api/network.md explains the rules.

-- A device's auto-ping targets as the console wants them (the editor's form, `PingTarget[]`), and
-- their version: every save is a new version, sent to the device as the `pingConfig` command and
-- re-sent while the device's status reports an older one. What the device runs is its status
-- (`status.ping`), never this row.
CREATE TABLE ping_configs (
  dev_id text PRIMARY KEY REFERENCES devices (dev_id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  targets jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- the user who saved it (the actor of every send of this version)
  set_by text,
  set_at timestamptz NOT NULL
);

-- A user's word on whether an outlet (of a device or of its kid) feeds the site's network; without
-- one, the device's own report (`status.uplinkOtlt`) decides.
CREATE TABLE network_outlets (
  dev_id text NOT NULL REFERENCES devices (dev_id) ON DELETE CASCADE,
  otlt integer NOT NULL CHECK (otlt >= 1),
  feeds_network boolean NOT NULL,
  set_by text,
  set_at timestamptz NOT NULL,
  PRIMARY KEY (dev_id, otlt)
);

-- Discover Units: one row per run, its phase moving forward only (starting → scanning → found →
-- done, or failed with a reason); `units` is what the device answered, each with `known` (the
-- console had it before the run).
CREATE TABLE discovery_runs (
  id uuid PRIMARY KEY,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  dev_id text NOT NULL,
  phase text NOT NULL CHECK (phase IN ('starting', 'scanning', 'found', 'done', 'failed')),
  found integer CHECK (found >= 0),
  reason text CHECK (reason IN ('timedOut', 'noBus', 'busy', 'notSupported', 'offline')),
  CHECK ((phase = 'failed') = (reason IS NOT NULL)),
  units jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- the `discover` command of the audit log
  cmd_id uuid,
  started_by text,
  started_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX discovery_runs_dev_idx ON discovery_runs (dev_id, started_at DESC);
-- one run at a time per device
CREATE UNIQUE INDEX discovery_runs_open_idx ON discovery_runs (dev_id)
  WHERE phase NOT IN ('done', 'failed');

-- A schedule that switches off an outlet feeding the site's network was saved with the user's
-- confirmation; its firings send the switch-off as confirmed.
ALTER TABLE schedules ADD COLUMN network_off_confirmed boolean NOT NULL DEFAULT false;

-- Auto-ping events name their target (`ping`, `autoReboot`): two targets failing in the same
-- second are two entries. `detail` is what the log and the alerts say of the target, read from
-- the device's ping configuration when the event is written: {"host", "maxReboots"}.
ALTER TABLE device_events ADD COLUMN target smallint;
ALTER TABLE device_events ADD COLUMN detail jsonb;
DROP INDEX device_events_once;
CREATE UNIQUE INDEX device_events_once ON device_events
  (dev_id, type, coalesce(outlet, 0), coalesce(target, 0), value, device_time)
  WHERE device_time IS NOT NULL;

-- Scheduled commands (issue 13): a schedule, its targets, its firings and its events.
-- docs/api/schedules-events.md explains the firing semantics these tables carry.

CREATE TABLE schedules (
  id serial PRIMARY KEY,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  action text NOT NULL
    CHECK (action IN ('on', 'off', 'cycle', 'sequenceOn', 'sequenceOff', 'reboot')),
  -- the location's local time of day, HH:mm
  time text NOT NULL CHECK (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- spec §9 day mask: bit k is the weekday k days after Thursday (127 every day)
  day_mask integer NOT NULL CHECK (day_mask BETWEEN 1 AND 127),
  start_date date,
  end_date date,
  enabled boolean NOT NULL DEFAULT true,
  -- bumped on every change: a queued firing of an older version is dropped
  version integer NOT NULL DEFAULT 1,
  created_by_kind text NOT NULL CHECK (created_by_kind IN ('user', 'api')),
  created_by_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- the occurrence the queued firing job is for; NULL when disabled or past its end date
  next_fire_at timestamptz
);
CREATE INDEX schedules_site_idx ON schedules (site_id);
CREATE INDEX schedules_enabled_idx ON schedules (id) WHERE enabled;

-- An outlet of a device, or (otlt NULL) the whole device. No foreign key to devices: a target
-- whose device left the location is skipped with the reason when the schedule fires.
CREATE TABLE schedule_targets (
  schedule_id integer NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  dev_id text NOT NULL,
  otlt smallint CHECK (otlt BETWEEN 1 AND 12),
  PRIMARY KEY (schedule_id, position)
);
CREATE UNIQUE INDEX schedule_targets_outlet_idx
  ON schedule_targets (schedule_id, dev_id, coalesce(otlt, 0));
CREATE INDEX schedule_targets_dev_idx ON schedule_targets (dev_id);

-- One row per firing. No foreign key to schedules: the log outlives a deleted schedule.
-- UNIQUE (schedule_id, due_at) is the exactly-once guard: the server whose insert succeeds is the
-- one that sends the commands. A Run now has due_at NULL (never equal to another).
-- targets: [{devId, otlt, cmdId | null, skipped: reason | null}], one entry per command.
CREATE TABLE schedule_fires (
  id bigserial PRIMARY KEY,
  schedule_id integer NOT NULL,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  due_at timestamptz,
  fired_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('fired', 'failed', 'missed')),
  targets jsonb NOT NULL DEFAULT '[]',
  UNIQUE (schedule_id, due_at)
);
CREATE INDEX schedule_fires_schedule_idx ON schedule_fires (schedule_id, fired_at DESC);
CREATE INDEX schedule_fires_site_idx ON schedule_fires (site_id, fired_at DESC);

-- Every change of a schedule and every firing (spec §3 "scheduled command events").
CREATE TABLE schedule_events (
  id bigserial PRIMARY KEY,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  schedule_id integer NOT NULL,
  -- the schedule's name (or its action and time when unnamed) when the event happened
  schedule_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN
    ('added', 'edited', 'enabled', 'disabled', 'deleted', 'fired', 'failed', 'missed')),
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'schedule', 'api')),
  actor_id text,
  at timestamptz NOT NULL,
  fire_id bigint
);
CREATE INDEX schedule_events_site_at_idx ON schedule_events (site_id, at DESC);
CREATE INDEX schedule_events_schedule_idx ON schedule_events (schedule_id);

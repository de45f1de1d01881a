-- Energy usage (issue 16): power factor in the raw readings, per-device aggregates per minute,
-- hour and local day, a location's kWh per local day, and the watermarks of the rollups that
-- fill them (areas/energy-rollups; ARCHITECTURE "Energy rollups").

ALTER TABLE device_readings ADD COLUMN pwr_fact real;
-- The rollups and retention read raw readings by time; readings arrive in time order, so a BRIN
-- index is small and costs the ingest path next to nothing.
CREATE INDEX device_readings_at_brin ON device_readings USING brin (at);

-- One row per device and minute (or hour) bucket, the bucket's UTC start. kwh is integrated from
-- wattage (trapezoids, gaps held at most half the gap allowance each side); covered_s says how
-- many seconds of the bucket were measured. Averages are over the bucket's readings (samples).
CREATE TABLE energy_minute (
  dev_id text NOT NULL,
  bucket timestamptz NOT NULL,
  kwh double precision NOT NULL,
  covered_s real NOT NULL,
  v_min real, v_avg real, v_max real,
  a_min real, a_avg real, a_max real,
  w_min real, w_avg real, w_max real,
  pf_avg real,
  batt_min real, batt_avg real, batt_max real,
  samples integer NOT NULL,
  PRIMARY KEY (dev_id, bucket)
);
CREATE INDEX energy_minute_bucket_idx ON energy_minute (bucket);

CREATE TABLE energy_hour (
  dev_id text NOT NULL,
  bucket timestamptz NOT NULL,
  kwh double precision NOT NULL,
  covered_s real NOT NULL,
  v_min real, v_avg real, v_max real,
  a_min real, a_avg real, a_max real,
  w_min real, w_avg real, w_max real,
  pf_avg real,
  batt_min real, batt_avg real, batt_max real,
  samples integer NOT NULL,
  PRIMARY KEY (dev_id, bucket)
);
CREATE INDEX energy_hour_bucket_idx ON energy_hour (bucket);

-- One row per device and local date of its location (the location's time zone and DST setting).
CREATE TABLE energy_day (
  dev_id text NOT NULL,
  site_id text NOT NULL,
  day date NOT NULL,
  kwh double precision NOT NULL,
  covered_s real NOT NULL,
  v_min real, v_avg real, v_max real,
  a_min real, a_avg real, a_max real,
  w_min real, w_avg real, w_max real,
  pf_avg real,
  batt_min real, batt_avg real, batt_max real,
  samples integer NOT NULL,
  PRIMARY KEY (dev_id, day)
);
CREATE INDEX energy_day_site_day_idx ON energy_day (site_id, day);

-- A location's kWh per local date: its month to date in one short range read at any fleet size.
CREATE TABLE energy_site_day (
  site_id text NOT NULL,
  day date NOT NULL,
  kwh double precision NOT NULL,
  PRIMARY KEY (site_id, day)
);

-- How far each rollup level has gone: everything before done_until is rolled up. A rollup locks
-- its level's row (FOR UPDATE) and advances it in the transaction of its upserts, so with any
-- number of servers each window is rolled up once. NULL: not started.
CREATE TABLE energy_rollup_progress (
  level text PRIMARY KEY,
  done_until timestamptz
);
INSERT INTO energy_rollup_progress (level) VALUES ('minute'), ('hour'), ('day');

-- System Status (issue 19 item 6): every server sharing this database writes its heartbeat here
-- every ~10 s, so the page lists each server's version and uptime and shows one that stopped as
-- gone (not seen for 30 s); rows not seen for an hour are pruned by the servers still running.
CREATE TABLE server_heartbeats (
  server_id text PRIMARY KEY,
  host text NOT NULL,
  version text NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen timestamptz NOT NULL
);

-- With each heartbeat, the server's running totals since it started (DeviceHub.stats,
-- CommandTracker.stats): rates are the differences of a server's consecutive samples, summed
-- across servers. Kept for an hour.
CREATE TABLE server_samples (
  server_id text NOT NULL,
  taken_at timestamptz NOT NULL,
  statuses bigint NOT NULL,
  commands bigint NOT NULL,
  command_failures bigint NOT NULL,
  command_expiries bigint NOT NULL,
  PRIMARY KEY (server_id, taken_at)
);
CREATE INDEX server_samples_taken_at_idx ON server_samples (taken_at);

-- Per-address call limits (@fastify/rate-limit) counted in the database, so every server behind a
-- load balancer agrees on how many calls an address has made in the current window.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at ON rate_limit_counters (resets_at);

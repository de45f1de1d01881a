-- "Back online" is raised only after an "offline": the raiser reads each reconnecting device's
-- latest connection alert, thousands at once when a fleet reconnects. Without this index every
-- lookup scanned the whole alerts table.
CREATE INDEX alerts_dev_connection_idx ON alerts (dev_id, time DESC, id DESC)
  WHERE kind IN ('offline', 'online');

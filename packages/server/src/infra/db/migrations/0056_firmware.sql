-- Firmware (issue 14): the catalogue's image bytes and every upgrade with its phases.
-- docs/api/firmware.md explains the phases, the per-location limit and what a restart does.

-- An image of the catalogue (the versions, notes and checksums are the server's catalogue; the
-- bytes are generated from class and version and written here the first time an upgrade needs
-- them, so every server sends the same bytes).
CREATE TABLE firmware_images (
  dev_class text NOT NULL,
  version text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size integer NOT NULL CHECK (size > 0),
  image bytea NOT NULL,
  PRIMARY KEY (dev_class, version)
);

CREATE TABLE firmware_upgrades (
  id uuid PRIMARY KEY,
  -- the location-wide Update Firmware that queued it; NULL for a single device's
  batch_id uuid,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  dev_id text NOT NULL,
  -- a kid is reached through its parent's link
  parent_dev_id text,
  dev_class text NOT NULL,
  dev_name text NOT NULL,
  from_version text,
  to_version text NOT NULL,
  phase text NOT NULL CHECK (phase IN
    ('queued', 'downloading', 'verifying', 'installing', 'rebooting', 'done', 'failed')),
  reason text CHECK (reason IN ('lockedImage', 'missingImage', 'unknownImage', 'incorrectImage',
    'corruptedImage', 'mismatchedImage', 'missingDevice', 'mismatchedDevice', 'cannotStart',
    'wrongUnitNumber', 'timedOut', 'blocked')),
  CHECK ((phase = 'failed') = (reason IS NOT NULL)),
  bytes_sent integer NOT NULL DEFAULT 0,
  size integer NOT NULL,
  progress smallint NOT NULL DEFAULT 0,
  -- every phase entered: [{"phase": "...", "at": ms}, ...]
  steps jsonb NOT NULL DEFAULT '[]'::jsonb,
  started_by_id text,
  queued_at timestamptz NOT NULL,
  ended_at timestamptz,
  -- the server driving it writes this at every step; an upgrade under way whose heartbeat is
  -- old lost its server and is failed 'timedOut'
  heartbeat_at timestamptz
);
CREATE INDEX firmware_upgrades_site_idx ON firmware_upgrades (site_id, queued_at);
CREATE INDEX firmware_upgrades_dev_idx ON firmware_upgrades (dev_id, queued_at);
CREATE INDEX firmware_upgrades_batch_idx ON firmware_upgrades (batch_id) WHERE batch_id IS NOT NULL;
-- one upgrade at a time per device; the open ones are what the limit and the sweep read
CREATE UNIQUE INDEX firmware_upgrades_open_idx ON firmware_upgrades (dev_id)
  WHERE phase NOT IN ('done', 'failed');
CREATE INDEX firmware_upgrades_open_site_idx ON firmware_upgrades (site_id, phase)
  WHERE phase NOT IN ('done', 'failed');

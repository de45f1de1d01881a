-- When an upgrade's end stored the version it installed. A status report received before then (from
-- before the device's reboot, flushed late, by this or another server) is still written, but does
-- not set fw_ver back to the version it replaced.
ALTER TABLE devices ADD COLUMN fw_ver_at timestamptz;

-- Where the stored status stands in its device's reports (boot counter, report sequence within the
-- boot; both from the report), so a server flushing an older report late never overwrites a newer
-- one another server already stored. NULL: the device does not number its reports.
ALTER TABLE devices ADD COLUMN status_boot bigint;
ALTER TABLE devices ADD COLUMN status_seq bigint;

-- Energy usage (issue 16): each device's kWh per local month of its location, so a location's
-- top consumers of a month read at most one row per device (not a row per device and day). The
-- day rollup adds each window's kWh to it in the transaction that adds them to energy_day and
-- energy_site_day, behind the same watermark (areas/energy-rollups; ARCHITECTURE "Energy rollups").
CREATE TABLE energy_device_month (
  site_id text NOT NULL,
  dev_id text NOT NULL,
  -- the location's local month, 'YYYY-MM'
  month text NOT NULL,
  kwh double precision NOT NULL,
  PRIMARY KEY (site_id, month, dev_id)
);
-- A location's month, most first: the top consumers are the first rows of this index.
CREATE INDEX energy_device_month_top_idx ON energy_device_month (site_id, month, kwh DESC, dev_id);

INSERT INTO energy_device_month (site_id, dev_id, month, kwh)
SELECT site_id, dev_id, to_char(day, 'YYYY-MM'), sum(kwh)
FROM energy_day
GROUP BY site_id, dev_id, to_char(day, 'YYYY-MM');

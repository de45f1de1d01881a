-- pg_trgm's GIN indexes also answer `=`. Once devices had statistics, PostgreSQL chose the dev_id
-- trigram index for `dev_id = ...` and `dev_id IN (...)` over the primary key, and every status
-- report, rewriting its device's row, grew that index's pending list: a 1,000-device state flush
-- went from 30 ms to 5-7 s. Searched texts are now indexed as lower(...), which search queries
-- use and lookups by id or name do not; the indexes take each entry at once (no pending list);
-- and devices leave room in each page so a status update can stay in place (HOT) and touch no
-- index at all.
DROP INDEX devices_dev_id_trgm_idx;
DROP INDEX devices_dev_name_trgm_idx;
CREATE INDEX devices_dev_id_search_idx ON devices
  USING gin (lower(dev_id) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX devices_dev_name_search_idx ON devices
  USING gin (lower(dev_name) gin_trgm_ops) WITH (fastupdate = off);
ALTER TABLE devices SET (fillfactor = 70);

-- Per-location notes (spec §3 Note). Authors are kept by id without a foreign key so a note
-- outlives a deleted account (its author's name then reads empty).

CREATE TABLE notes (
  id bigserial PRIMARY KEY,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  note text NOT NULL,
  user_id text NOT NULL,
  mod_user_id text NOT NULL,
  time timestamptz NOT NULL,
  mod_time timestamptz NOT NULL
);
CREATE INDEX notes_site_mod_time_idx ON notes (site_id, mod_time);

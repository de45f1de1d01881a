-- Admin groups: a name, the locations and the users assigned (spec §3 Group).

CREATE TABLE admin_groups (
  id text PRIMARY KEY,
  group_name text NOT NULL,
  created_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_groups_created_by_idx ON admin_groups (created_by);

CREATE TABLE admin_group_locations (
  group_id text NOT NULL REFERENCES admin_groups (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, site_id)
);

CREATE TABLE admin_group_users (
  group_id text NOT NULL REFERENCES admin_groups (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX admin_group_users_user_idx ON admin_group_users (user_id);

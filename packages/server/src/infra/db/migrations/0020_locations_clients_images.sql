-- Locations issue: recent visits (Refine sort), energy management, pictures, client creators.

CREATE TABLE site_visits (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  visited_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, site_id)
);

CREATE TABLE location_energy (
  site_id text PRIMARY KEY REFERENCES locations (id) ON DELETE CASCADE,
  monthly_budget double precision NOT NULL DEFAULT 0,
  rates jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Uploaded pictures live in the database so every server of a cluster can serve them.
CREATE TABLE images (
  id text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  uploaded_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A client created from the create-client form has no location yet: its creator still sees it.
ALTER TABLE clients ADD COLUMN created_by text REFERENCES users (id) ON DELETE SET NULL;

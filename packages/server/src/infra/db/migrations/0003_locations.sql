-- Clients, their contacts, locations (sites) and who may do what where.

CREATE TABLE clients (
  id text PRIMARY KEY,
  first_name text NOT NULL,
  last_name text,
  company text,
  email text,
  phone text,
  phone2 text,
  address text,
  address2 text,
  city text,
  postal_code text,
  region text,
  country text,
  image_file_ref text,
  primary_contact_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contacts (
  id text PRIMARY KEY,
  client_id text NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT ''
);
CREATE INDEX contacts_client_id_idx ON contacts (client_id);

ALTER TABLE clients
  ADD CONSTRAINT clients_primary_contact_fk
  FOREIGN KEY (primary_contact_id) REFERENCES contacts (id) ON DELETE SET NULL
  DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE locations (
  id text PRIMARY KEY,
  name text NOT NULL,
  client_id text REFERENCES clients (id) ON DELETE SET NULL,
  prime_contact_id text REFERENCES contacts (id) ON DELETE SET NULL,
  address text,
  address2 text,
  city text,
  postal_code text,
  region text,
  country text,
  dst boolean NOT NULL DEFAULT false,
  timezone text NOT NULL DEFAULT '-8.00',
  viewpref text NOT NULL DEFAULT 'outlet_controls',
  install_date date,
  group_id text,
  otlt_lock boolean NOT NULL DEFAULT false,
  image_file_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX locations_client_id_idx ON locations (client_id);
CREATE INDEX locations_name_idx ON locations (lower(name));
CREATE INDEX locations_name_trgm_idx ON locations USING gin (name gin_trgm_ops);

CREATE TABLE permissions (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  perm_lvl text NOT NULL CHECK (perm_lvl IN ('CLIENT', 'ADMIN', 'owner', 'INSTALLER')),
  PRIMARY KEY (user_id, site_id)
);
CREATE INDEX permissions_site_id_idx ON permissions (site_id);

CREATE TABLE site_watches (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, site_id)
);

CREATE TABLE site_mutes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, site_id)
);

-- Devices (parents and their kids) and their outlets.

CREATE TABLE devices (
  -- MAC or serial: upper-case hex, no separators
  dev_id text PRIMARY KEY CHECK (dev_id ~ '^[0-9A-F]+$'),
  -- NULL until a user claims the device with its claim key
  site_id text REFERENCES locations (id) ON DELETE SET NULL,
  dev_class text NOT NULL,
  dev_name text NOT NULL DEFAULT '',
  fw_ver text,
  parent_dev_id text REFERENCES devices (dev_id) ON DELETE CASCADE,
  claim_key_hash text,
  claimed_by text REFERENCES users (id) ON DELETE SET NULL,
  mqtt_secret_hash text,
  info jsonb NOT NULL DEFAULT '{}'::jsonb,
  status jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_contact timestamptz,
  -- device clock (seconds) at last contact, as reported in its status
  sys_time bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_site_id_idx ON devices (site_id);
CREATE INDEX devices_parent_dev_id_idx ON devices (parent_dev_id);
CREATE INDEX devices_dev_name_trgm_idx ON devices USING gin (dev_name gin_trgm_ops);

CREATE TABLE outlets (
  dev_id text NOT NULL REFERENCES devices (dev_id) ON DELETE CASCADE,
  otlt_id integer NOT NULL CHECK (otlt_id >= 1),
  name1 text NOT NULL DEFAULT '',
  name2 text,
  name3 text,
  locked boolean NOT NULL DEFAULT false,
  PRIMARY KEY (dev_id, otlt_id)
);

CREATE TABLE device_watches (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dev_id text NOT NULL REFERENCES devices (dev_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, dev_id)
);

CREATE TABLE device_mutes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dev_id text NOT NULL REFERENCES devices (dev_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, dev_id)
);

-- Search (spec §2 search panel) and device registration (spec §7 addNewDevice, getGateways, join).

-- Trigram indexes for ILIKE '%keyword%' over every searched text (locations.name and
-- devices.dev_name have theirs already). Outlet labels are searched as one text per outlet,
-- so one index serves name1, name2 and name3.
CREATE INDEX devices_dev_id_trgm_idx ON devices USING gin (dev_id gin_trgm_ops);
CREATE INDEX outlets_labels_trgm_idx ON outlets
  USING gin ((name1 || ' ' || coalesce(name2, '') || ' ' || coalesce(name3, '')) gin_trgm_ops);
CREATE INDEX clients_first_name_trgm_idx ON clients USING gin (first_name gin_trgm_ops);

-- A wireless device not yet joined is heard by a gateway but belongs to no site; joining makes
-- that gateway its parent and the gateway's site its site.
ALTER TABLE devices ADD COLUMN near_gateway_id text REFERENCES devices (dev_id) ON DELETE SET NULL;
CREATE INDEX devices_near_gateway_id_idx ON devices (near_gateway_id) WHERE site_id IS NULL;

-- Claim attempts (Ethernet addNewDevice), for the per-account limit: kept across restarts and
-- shared by every server.
CREATE TABLE device_claim_attempts (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text,
  succeeded boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX device_claim_attempts_user_idx ON device_claim_attempts (user_id, at);

-- The locations list orders a user's locations by lower(name), id. With the key kept beside each
-- permission and indexed with its user, a page of a user's list is read from that index alone,
-- without joining and sorting every location the user holds (2,000 and more for an integrator).
-- Triggers keep it: set from the location when a permission is written, and renewed on every
-- permission of a location when the location is renamed.
ALTER TABLE permissions ADD COLUMN site_name_key text;
UPDATE permissions AS p SET site_name_key = lower(l.name) FROM locations AS l WHERE l.id = p.site_id;
ALTER TABLE permissions ALTER COLUMN site_name_key SET NOT NULL;

CREATE FUNCTION permission_site_name_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(name) INTO NEW.site_name_key FROM locations WHERE id = NEW.site_id;
  RETURN NEW;
END $$;
CREATE TRIGGER permissions_site_name_key BEFORE INSERT OR UPDATE OF site_id ON permissions
  FOR EACH ROW EXECUTE FUNCTION permission_site_name_key();

CREATE FUNCTION location_name_key_to_permissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE permissions SET site_name_key = lower(NEW.name) WHERE site_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER locations_name_key AFTER UPDATE OF name ON locations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION location_name_key_to_permissions();

CREATE INDEX permissions_user_name_key_idx ON permissions (user_id, site_name_key, site_id);

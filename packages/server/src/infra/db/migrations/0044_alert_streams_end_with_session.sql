-- A session that ends (logout, a password change or reset ending the other sessions, a deleted
-- account) pokes its user's live alert streams on every server: each stream checks its session
-- again and closes if it is gone. The channel and payload (a JSON array of user ids) are those of
-- the alert fan-out (packages/server/src/areas/alerts/alert-fanout.ts).

CREATE FUNCTION notify_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pd_alerts', json_build_array(OLD.user_id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_end();

CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_end();

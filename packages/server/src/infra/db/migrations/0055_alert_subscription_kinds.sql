-- Manage Alerts (issue 14): a user subscribes to each kind of alert of a device (offline, online,
-- power, battery, fault, outlet, command — the kinds the alert rules raise), not only to all of a
-- device's alerts of one type. A row per kind; no row is subscribed, as before.

ALTER TABLE alert_subscriptions ADD COLUMN kind text;
ALTER TABLE alert_subscriptions DROP CONSTRAINT alert_subscriptions_pkey;

-- A subscription set before kinds were kept was for every kind of the device's alerts.
INSERT INTO alert_subscriptions (user_id, type, dev_class, dev_id, kind, subscribed, updated_at)
SELECT s.user_id, s.type, s.dev_class, s.dev_id, k.kind, s.subscribed, s.updated_at
FROM alert_subscriptions s
CROSS JOIN (VALUES ('offline'), ('online'), ('power'), ('battery'), ('fault'), ('outlet'),
  ('command')) AS k (kind)
WHERE s.kind IS NULL;
DELETE FROM alert_subscriptions WHERE kind IS NULL;

ALTER TABLE alert_subscriptions ALTER COLUMN kind SET NOT NULL;
ALTER TABLE alert_subscriptions ADD PRIMARY KEY (user_id, type, dev_class, dev_id, kind);

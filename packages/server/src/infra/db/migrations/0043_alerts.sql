-- Alerts and notifications per user (spec §3), subscriptions (absent row = subscribed) and the
-- per-location grace period before an offline device raises an alert.

CREATE TABLE alerts (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read boolean NOT NULL DEFAULT false,
  is_subscribed boolean NOT NULL DEFAULT true,
  msg text NOT NULL,
  time timestamptz NOT NULL,
  -- 0 alert; other values are notifications (the hidden tab)
  type integer NOT NULL DEFAULT 0,
  -- what raised it: offline, online, power, battery, fault, outlet, command
  kind text NOT NULL DEFAULT 'device',
  site_id text,
  dev_class text,
  dev_id text,
  parent_dev_class text,
  parent_dev_id text
);
CREATE INDEX alerts_user_time_idx ON alerts (user_id, time DESC);

CREATE TABLE alert_subscriptions (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type integer NOT NULL,
  dev_class text NOT NULL,
  dev_id text NOT NULL,
  subscribed boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type, dev_class, dev_id)
);

CREATE TABLE location_alert_settings (
  site_id text PRIMARY KEY REFERENCES locations (id) ON DELETE CASCADE,
  offline_grace_seconds integer NOT NULL DEFAULT 60 CHECK (offline_grace_seconds >= 0)
);

-- Devices seen offline and not yet alerted: the alert fires once the grace period has passed.
CREATE TABLE pending_offline_alerts (
  dev_id text PRIMARY KEY,
  since timestamptz NOT NULL,
  due_at timestamptz NOT NULL
);

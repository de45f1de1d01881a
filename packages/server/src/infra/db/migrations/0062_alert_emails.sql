-- Alert e-mails (issue 19 item 3): per alert subscription (a user, the alerts of one type of one
-- device) whether its alerts also come by e-mail, and what was mailed.

-- No row: no e-mail (the default). 'immediate': a mail per alert, at most one per device and
-- kind of alert every 15 minutes; 'digest': one mail every digest_minutes listing the alerts.
CREATE TABLE alert_email_subscriptions (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type integer NOT NULL,
  dev_class text NOT NULL,
  dev_id text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('immediate', 'digest')),
  digest_minutes integer NOT NULL CHECK (digest_minutes > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type, dev_class, dev_id)
);
CREATE INDEX alert_email_subscriptions_device_idx ON alert_email_subscriptions (dev_id);

-- One row per user, device, kind of alert and mail window: the unique key is what keeps a
-- flapping device, a retried job or a second server from mailing twice. job_id is the job that
-- claimed the row (its retry may send again until mailed_at is set).
CREATE TABLE alert_mail_log (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dev_id text NOT NULL,
  kind text NOT NULL,
  window_minutes integer NOT NULL,
  window_start timestamptz NOT NULL,
  job_id text NOT NULL,
  mailed_at timestamptz,
  PRIMARY KEY (user_id, dev_id, kind, window_minutes, window_start)
);
CREATE INDEX alert_mail_log_window_idx ON alert_mail_log (window_start);

-- Sign-in throttling counts failures per (e-mail, client address) and per client address across
-- all e-mails (areas/auth/login-throttle.ts): both are read by address, within the last hour.
CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at);

-- Accounts, sessions and the single-use links sent by e-mail.

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  tier text NOT NULL DEFAULT 'STANDARD' CHECK (tier IN ('STANDARD', 'SUPPORT')),
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lower CHECK (email = lower(email))
);
CREATE UNIQUE INDEX users_email_key ON users (email);

-- Only a SHA-256 hash of the session secret is kept: a leaked table cannot be replayed.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE auth_tokens (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('verify_email', 'reset_password', 'change_email')),
  token_hash text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the new address for change_email; unused otherwise
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX auth_tokens_token_hash_key ON auth_tokens (token_hash);
CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id);

-- Failed sign-ins per e-mail address (known or not), so throttling is shared by every server.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (email, failed_at);

-- E-mails of the demo (no SMTP_URL): shown on the console's /outbox page.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

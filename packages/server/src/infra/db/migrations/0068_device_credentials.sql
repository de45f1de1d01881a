-- What a device may sign in to the broker with (docs/device-protocol.md, "Credentials"), as SHA-256
-- verifiers: the claim key given at its claim (until it has a secret of its own), the secret the
-- cloud issued it, and a secret sent but not yet acknowledged. revoked_at: deleted from its
-- location; it may not connect at all until claimed again. No row: a device never claimed through
-- the console (the demo and simulated fleets sign in with the deployment's derived secret).
CREATE TABLE device_credentials (
  dev_id text PRIMARY KEY,
  claim_key_verifier text,
  secret_verifier text,
  pending_verifier text,
  pending_since timestamptz,
  revoked_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_credentials_revoked ON device_credentials (dev_id) WHERE revoked_at IS NOT NULL;

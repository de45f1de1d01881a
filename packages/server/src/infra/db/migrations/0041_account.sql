-- Feedback left when leaving the console (classic-UI switch, account deletion).

CREATE TABLE account_feedback (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('classic_ui', 'delete_account')),
  user_id text,
  email text,
  feedback jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

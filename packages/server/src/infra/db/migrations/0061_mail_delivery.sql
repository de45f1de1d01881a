-- Mail through the job queue (issue 19 item 2): a request stores its message here as 'queued' and
-- sends a `mail` job with the row's id; the worker (infra/mail/mail-delivery.ts) delivers it and
-- records the outcome. Rows written before this migration were sent inside their request: 'sent'.
ALTER TABLE outbox
  ADD COLUMN html text,
  ADD COLUMN headers jsonb,
  ADD COLUMN delivery_state text NOT NULL DEFAULT 'sent'
    CHECK (delivery_state IN ('queued', 'sent', 'retrying', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD COLUMN delivered_at timestamptz;
-- System Status and /metrics count messages per state; failed ones are listed for SUPPORT.
CREATE INDEX outbox_delivery_state_idx ON outbox (delivery_state);

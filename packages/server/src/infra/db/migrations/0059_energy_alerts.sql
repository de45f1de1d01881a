-- Energy budget alerts (issue 16): a location's subscribed users are told once per threshold per
-- month (80: the forecast crosses 80 % of the monthly budget; 100: the month's cost crosses it).
-- The primary key keeps each once, whichever server or job raises it first.
CREATE TABLE energy_budget_alerts (
  site_id text NOT NULL,
  month text NOT NULL,
  threshold integer NOT NULL,
  raised_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, month, threshold)
);

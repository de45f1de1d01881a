-- Trigram indexes back the search of a later issue (locations, devices, outlets, clients by name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Trigram indexes (gin_trgm_ops) behind the console's substring searches. pg_trgm is a trusted
-- extension: the database's owner may create it. PGlite loads it in db/src/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- A call log is written twice: created by its status callback, then priced by the biller. With
-- full pages the pricing update often lands on another page, which writes a new entry into every
-- index of call_logs (nine, one of them a trigram GIN). Pages kept 30 % free let it stay on its
-- page as a heap-only tuple: no index is touched (price_cents and updated_at are in none).
-- Hand-written (drizzle-kit does not write storage parameters). Applies to pages written from now on.
ALTER TABLE "call_logs" SET (fillfactor = 70);

-- Every answered call touches its caller's contact (`last_contacted`, in no index). With full
-- pages that update often lands on another page, which writes a new entry into every index of
-- contacts (eight, two of them GIN, one a trigram index over four columns). Pages kept 30 % free
-- let it stay on its page as a heap-only tuple, as 0036 does for call_logs.
-- Hand-written (drizzle-kit does not write storage parameters). Applies to pages written from now on.
ALTER TABLE "contacts" SET (fillfactor = 70);

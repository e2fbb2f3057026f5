-- The charge drain prices a batch of calls in one transaction, so the pricing updates of the
-- calls written on one page all happen before any old version can be pruned: with 30 % of each
-- page free (0036) only about two thirds of them stayed heap-only, and every other one wrote a
-- new entry into each of call_logs' nine indexes (a trigram GIN among them). With half of each
-- page free every row's priced version fits beside it. The price of it: pages hold half as many
-- rows as full ones. Hand-written (drizzle-kit does not write storage parameters). Applies to
-- pages written from now on.
ALTER TABLE "call_logs" SET (fillfactor = 50);

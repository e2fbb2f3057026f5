import type { FastifyRequest } from "fastify";
import { twimlOptionsOf } from "./twiml-reply";

/**
 * What changing a call in progress needs (transfers, call rooms): the database, the routing
 * tables, the carrier's call control, the TwiML options and the time.
 */
export function callPortsOf(request: FastifyRequest) {
  const { db, routing, callControl, carrier, clock } = request.server.deps;
  return {
    db: db.db,
    table: routing.current(),
    calls: callControl,
    twiml: twimlOptionsOf(carrier),
    now: clock(),
  };
}

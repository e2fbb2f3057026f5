import { withoutQueryValues } from "@poundline/db";
import { pino } from "pino";

/**
 * How errors are logged, by the API and the workers alike: pino's own serializer, after the values
 * of a failed query (a password hash, an e-mail address) are taken out of the error.
 */
export function serializeError(err: unknown) {
  return pino.stdSerializers.err(withoutQueryValues(err) as Error);
}

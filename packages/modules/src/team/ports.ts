import type { Database } from "@poundline/db";
import type { Config } from "@poundline/platform/api-config";
import type { Mailer } from "@poundline/platform/mailer";
import type { FastifyBaseLogger } from "fastify";

/** What the team's use cases reach the outside world through; handlers build it from `app.deps`. */
export interface TeamPorts {
  db: Database;
  mailer: Mailer;
  clock: () => Date;
  config: Pick<Config, "PUBLIC_BASE_URL">;
  log: FastifyBaseLogger;
}

/** Who acts: the signed-in person, in the account of their session. */
export interface Actor {
  accountId: string;
  userId: string;
}

import { type ApiScope, apiScopes } from "@poundline/contracts/api-keys/scopes";
import { createApiKey } from "@poundline/modules/api-keys/keys";
import type { TestApp } from "../../src/testing";

/** A key of `user`'s account straight into the database (the console's POST has its own tests). */
export async function keyFor(
  t: TestApp,
  user: { id: string; accountId: string },
  scopes: readonly ApiScope[] = apiScopes,
  expiresAt: Date | null = null,
): Promise<string> {
  const { secret } = await createApiKey(t.db.db, user.accountId, user.id, {
    name: "Test key",
    scopes: [...scopes],
    expiresAt,
  });
  return secret;
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

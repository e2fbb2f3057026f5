import { AppError } from "@poundline/contracts/errors";
import { type MyAccount, teamMessages } from "@poundline/contracts/team/schemas";
import { type Database, schema } from "@poundline/db";
import { and, asc, eq } from "drizzle-orm";

const { accountMemberships: memberships, accounts, sessions } = schema;

/** The accounts a user belongs to, as they joined them, the session's current one marked. */
export async function listMyAccounts(
  db: Database,
  userId: string,
  currentAccountId: string | null,
): Promise<{ items: MyAccount[] }> {
  const rows = await db
    .select({ id: accounts.id, companyName: accounts.companyName, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  return { items: rows.map((row) => ({ ...row, current: row.id === currentAccountId })) };
}

/** Moves a session to another account of its user; 404 for an account they do not belong to. */
export async function switchAccount(
  db: Database,
  session: { sessionId: string; userId: string },
  accountId: string,
): Promise<void> {
  const [membership] = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.userId, session.userId), eq(memberships.accountId, accountId)));
  if (!membership)
    throw new AppError("NOT_FOUND", teamMessages.noSuchAccount, {
      "body.accountId": [teamMessages.noSuchAccount],
    });
  await db.update(sessions).set({ accountId }).where(eq(sessions.id, session.sessionId));
}

import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { count, desc, eq, sql } from "drizzle-orm";
import type { AdminGrant, AdminUser, ListUsersQuery } from "./schemas";

const { accountMemberships, accounts, adminUsers, users } = schema;

/** Every user of the platform, newest first, with admin status and their account's company. */
export async function listUsers(
  db: Database,
  query: ListUsersQuery,
): Promise<{ users: AdminUser[]; total: number }> {
  // The first account joined, as for sessions (auth/sessions.ts).
  const companyName = sql<string | null>`(
    select ${accounts.companyName} from ${accountMemberships}
    inner join ${accounts} on ${accounts.id} = ${accountMemberships.accountId}
    where ${accountMemberships.userId} = ${users.id}
    order by ${accountMemberships.createdAt} asc
    limit 1
  )`;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      emailConfirmedAt: users.emailConfirmedAt,
      adminUserId: adminUsers.userId,
      companyName,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db.select({ total: count() }).from(users);
  return {
    users: rows.map(({ adminUserId, ...row }) => ({
      ...row,
      emailConfirmed: row.emailConfirmedAt !== null,
      isAdmin: adminUserId !== null,
    })),
    total: counted?.total ?? 0,
  };
}

/** Makes the user an admin (no-op when already one); null for an unknown user. */
export async function grantAdmin(
  db: Database,
  userId: string,
  grantedBy: string,
): Promise<AdminGrant | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return null;
    await tx.insert(adminUsers).values({ userId, role: "admin", grantedBy }).onConflictDoNothing();
    const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.userId, userId)).limit(1);
    return row ?? null;
  });
}

/** Removes the user's admin role; false when they had none. */
export async function revokeAdmin(db: Database, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .returning({ userId: adminUsers.userId });
  return deleted.length > 0;
}

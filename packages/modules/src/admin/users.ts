import type {
  AdminGrant,
  AdminUser,
  CreateUserBody,
  ListUsersQuery,
  UpdateUserBody,
} from "@poundline/contracts/admin/schemas";
import type { Database } from "@poundline/db";
import { newId, schema, sqlStateOf } from "@poundline/db";
import { asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { createUserWithAccount } from "../auth/accounts";
import { hashPassword } from "../auth/passwords";
import { recordAdminAction } from "./audit";
import { containsPattern } from "./emails";

const { accountMemberships, accounts, adminUsers, notificationPreferences, sessions, users } = schema;

/** The user's first account (the one sessions use, auth/sessions.ts), for each row of users. */
const firstAccount = (db: Database) =>
  db
    .select({ id: accounts.id, companyName: accounts.companyName, status: accounts.status })
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(eq(accountMemberships.userId, users.id))
    .orderBy(asc(accountMemberships.createdAt))
    .limit(1)
    .as("first_account");

function userFilter(query: ListUsersQuery): SQL | undefined {
  if (!query.search) return undefined;
  const pattern = containsPattern(query.search);
  return or(
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    sql`exists (select 1 from ${accountMemberships} inner join ${accounts} on ${accounts.id} = ${accountMemberships.accountId}
      where ${accountMemberships.userId} = ${users.id} and ${accounts.companyName} ilike ${pattern})`,
  );
}

/** The users matching `where`, newest first, with admin status and their first account. */
async function selectUsers(db: Database, where: SQL | undefined, page: { limit: number; offset: number }) {
  const account = firstAccount(db);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      emailConfirmedAt: users.emailConfirmedAt,
      disabledAt: users.disabledAt,
      adminUserId: adminUsers.userId,
      accountId: account.id,
      companyName: account.companyName,
      accountStatus: account.status,
    })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.userId, users.id))
    .leftJoinLateral(account, sql`true`)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(
    ({ adminUserId, ...row }): AdminUser => ({
      ...row,
      emailConfirmed: row.emailConfirmedAt !== null,
      isAdmin: adminUserId !== null,
    }),
  );
}

/** Every user of the platform, newest first, with admin status, state and their account. */
export async function listUsers(
  db: Database,
  query: ListUsersQuery,
): Promise<{ users: AdminUser[]; total: number }> {
  const where = userFilter(query);
  const rows = await selectUsers(db, where, query);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { users: rows, total: counted?.total ?? 0 };
}

/** One user as the list shows them; null when unknown. */
export async function findAdminUser(db: Database, userId: string): Promise<AdminUser | null> {
  const [row] = await selectUsers(db, eq(users.id, userId), { limit: 1, offset: 0 });
  return row ?? null;
}

/** Makes the user an admin (no-op when already one, and then not audited); null for an unknown user. */
export async function grantAdmin(
  db: Database,
  userId: string,
  grantedBy: string,
): Promise<AdminGrant | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return null;
    const inserted = await tx
      .insert(adminUsers)
      .values({ userId, role: "admin", grantedBy })
      .onConflictDoNothing()
      .returning();
    const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.userId, userId)).limit(1);
    if (inserted.length > 0)
      await recordAdminAction(tx, {
        actorUserId: grantedBy,
        action: "admin.grant",
        targetType: "user",
        targetId: userId,
        before: { isAdmin: false },
        after: { isAdmin: true, role: row?.role },
      });
    return row ?? null;
  });
}

/** Removes the user's admin role; false when they had none. */
export async function revokeAdmin(db: Database, userId: string, revokedBy: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(adminUsers).where(eq(adminUsers.userId, userId)).returning();
    if (!deleted) return false;
    await recordAdminAction(tx, {
      actorUserId: revokedBy,
      action: "admin.revoke",
      targetType: "user",
      targetId: userId,
      before: { isAdmin: true, role: deleted.role, grantedBy: deleted.grantedBy },
      after: { isAdmin: false },
    });
    return true;
  });
}

/** The columns of a user the audit log keeps (never the password hash). */
const auditedUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  emailConfirmedAt: users.emailConfirmedAt,
  disabledAt: users.disabledAt,
};

/** The user's audited columns, their row locked until the transaction ends; undefined when unknown. */
async function lockUser(tx: Database, userId: string) {
  const [row] = await tx.select(auditedUserColumns).from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** "taken" when another user has the e-mail. */
async function emailTaken(tx: Database, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined && row.id !== exceptUserId;
}

/**
 * A user made by an admin: e-mail confirmed (the admin vouches for it), the given first password,
 * and with a company, a new trialing account they own, as registration makes it. "taken" when the
 * e-mail is a user's.
 */
export async function createUser(
  db: Database,
  body: CreateUserBody,
  actorUserId: string,
  now: Date,
): Promise<string | "taken"> {
  const owner = {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    passwordHash: await hashPassword(body.password),
    emailConfirmedAt: now,
  };
  try {
    return await db.transaction(async (tx) => {
      if (await emailTaken(tx, body.email)) return "taken";
      let userId: string;
      let accountId: string | null = null;
      if (body.companyName) {
        ({ userId, accountId } = await createUserWithAccount(
          tx,
          owner,
          { companyName: body.companyName },
          now,
        ));
      } else {
        userId = newId("user");
        await tx.insert(users).values({ id: userId, ...owner });
        await tx.insert(notificationPreferences).values({ userId });
      }
      const [created] = await tx.select(auditedUserColumns).from(users).where(eq(users.id, userId));
      await recordAdminAction(tx, {
        actorUserId,
        action: "user.create",
        targetType: "user",
        targetId: userId,
        before: null,
        after: { ...created, accountId, companyName: body.companyName ?? null },
      });
      return userId;
    });
  } catch (err) {
    // Another request took the address between the check and the insert.
    if (sqlStateOf(err) === "23505") return "taken";
    throw err;
  }
}

/** Changes a user's name and e-mail; null for an unknown user, "taken" for another's e-mail. */
export async function updateUser(
  db: Database,
  userId: string,
  body: UpdateUserBody,
  actorUserId: string,
  now: Date,
): Promise<"ok" | "taken" | null> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return null;
    if (await emailTaken(tx, body.email, userId)) return "taken";
    const emailChanged = body.email !== before.email;
    const [after] = await tx
      .update(users)
      .set({
        ...body,
        // A new address set by an admin counts as confirmed, as at creation.
        ...(emailChanged ? { emailConfirmedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning(auditedUserColumns);
    await recordAdminAction(tx, {
      actorUserId,
      action: "user.update",
      targetType: "user",
      targetId: userId,
      before,
      after,
    });
    return "ok";
  });
}

/**
 * Disables or enables a user. Disabling ends every session of theirs in the same transaction (and
 * the session lookup refuses a disabled user's, should one be read before the commit). Null for an
 * unknown user; unchanged when already in that state (and then not audited).
 */
export async function setUserDisabled(
  db: Database,
  userId: string,
  disabled: boolean,
  actorUserId: string,
  now: Date,
): Promise<"ok" | null> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return null;
    if ((before.disabledAt !== null) === disabled) return "ok";
    const [after] = await tx
      .update(users)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning(auditedUserColumns);
    let sessionsEnded = 0;
    if (disabled) {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      sessionsEnded = ended.length;
    }
    await recordAdminAction(tx, {
      actorUserId,
      action: disabled ? "user.disable" : "user.enable",
      targetType: "user",
      targetId: userId,
      before,
      after: disabled ? { ...after, sessionsEnded } : after,
    });
    return "ok";
  });
}

/**
 * Deletes a user: their sessions, memberships, tokens and admin role go with them (cascades);
 * rows they wrote in accounts (calls, tickets, requests) keep their account and lose the link to
 * the person. Accounts stay: they hold numbers, money and history of their own. False when unknown.
 */
export async function deleteUser(db: Database, userId: string, actorUserId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return false;
    const memberships = await tx
      .select({ accountId: accountMemberships.accountId, role: accountMemberships.role })
      .from(accountMemberships)
      .where(eq(accountMemberships.userId, userId));
    const [admin] = await tx
      .select({ role: adminUsers.role })
      .from(adminUsers)
      .where(eq(adminUsers.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await recordAdminAction(tx, {
      actorUserId,
      action: "user.delete",
      targetType: "user",
      targetId: userId,
      before: { ...before, memberships, isAdmin: admin !== undefined },
      after: null,
    });
    return true;
  });
}

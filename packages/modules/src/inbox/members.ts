import { type Database, schema } from "@poundline/db";
import { and, asc, eq } from "drizzle-orm";

const { accountMemberships, users } = schema;

/** A person of the account, as the shared inbox names them (assignee, note author, @mention). */
export interface InboxMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** "Ann Lee", or the address for someone who gave no name. */
export function displayName(member: Pick<InboxMember, "firstName" | "lastName" | "email">): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

/** The account's members, in the order they joined (round robin's order too). */
export async function listMembers(db: Database, accountId: string): Promise<InboxMember[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: accountMemberships.role,
    })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(eq(accountMemberships.accountId, accountId))
    .orderBy(asc(accountMemberships.createdAt), asc(users.id));
}

/** One member of the account, or null (someone of another account answers the same as nobody). */
export async function findMember(
  db: Database,
  accountId: string,
  userId: string,
): Promise<InboxMember | null> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: accountMemberships.role,
    })
    .from(accountMemberships)
    .innerJoin(users, eq(users.id, accountMemberships.userId))
    .where(and(eq(accountMemberships.accountId, accountId), eq(accountMemberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

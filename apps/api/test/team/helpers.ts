import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import type { TestApp } from "../../src/testing";
import { lastEmail, linkIn } from "../auth/helpers";
import type { SignedIn } from "../fixtures";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function send(t: TestApp, as: SignedIn | null, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: as?.headers ?? { origin: "http://localhost:3000" },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The owner invites `email`; answers the invitation and the token of the link mailed. */
export async function inviteAndGetToken(t: TestApp, as: SignedIn, email: string, role = "member") {
  const res = await send(t, as, "POST", "/api/team/invitations", { email, role });
  if (res.statusCode !== 201) throw new Error(`invite ${email}: ${res.statusCode} ${res.body}`);
  return { invitation: res.json<{ id: string }>(), token: await tokenMailedTo(t, email.toLowerCase()) };
}

/** The token of the last invitation link mailed to `email`. */
export async function tokenMailedTo(t: TestApp, email: string): Promise<string> {
  const mail = await lastEmail(t, email, "team_invitation");
  return linkIn(mail.textBody, "http://localhost:3000/invitations/").pathname.split("/").at(-1) ?? "";
}

export async function membershipOf(t: TestApp, accountId: string, userId: string) {
  const [row] = await t.db.db
    .select({ role: schema.accountMemberships.role })
    .from(schema.accountMemberships)
    .where(
      and(eq(schema.accountMemberships.accountId, accountId), eq(schema.accountMemberships.userId, userId)),
    );
  return row ?? null;
}

export async function memberCount(t: TestApp, accountId: string): Promise<number> {
  const rows = await t.db.db
    .select({ userId: schema.accountMemberships.userId })
    .from(schema.accountMemberships)
    .where(eq(schema.accountMemberships.accountId, accountId));
  return rows.length;
}

export const newPassword = "a brand new passphrase";
export const registration = {
  firstName: "Nia",
  lastName: "Okafor",
  password: newPassword,
  confirmPassword: newPassword,
};

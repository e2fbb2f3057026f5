import type {
  CreateExtensionBody,
  ExtensionView,
  UpdateExtensionBody,
} from "@poundline/contracts/extensions/schemas";
import { type Database, newId, schema } from "@poundline/db";
import { introducedErrors, type RoutingIssue, validateRouting } from "@poundline/domain";
import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { type AccountRouting, loadAccountRouting, usesOfExtension } from "../call-routing/config";

type Row = typeof schema.extensions.$inferSelect;

const view = (row: Row, routing: AccountRouting): ExtensionView => ({
  id: row.id,
  extensionNumber: row.extensionNumber,
  name: row.name,
  email: row.email,
  department: row.department,
  forwardingNumbers: row.forwardingNumbers,
  voicemailEnabled: row.voicemailEnabled,
  callForwarding: row.callForwarding,
  usedBy: usesOfExtension(routing, row.id),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The account's extensions by number; the search matches number, name, e-mail or department. */
export async function listExtensions(
  db: Database,
  accountId: string,
  search?: string,
): Promise<ExtensionView[]> {
  const { extensions: e } = schema;
  const term = search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const [rows, routing] = await Promise.all([
    db
      .select()
      .from(e)
      .where(
        and(
          eq(e.accountId, accountId),
          pattern
            ? or(
                ilike(e.name, pattern),
                ilike(e.email, pattern),
                ilike(e.department, pattern),
                sql`${e.extensionNumber}::text like ${pattern}`,
              )
            : undefined,
        ),
      )
      .orderBy(asc(e.extensionNumber)),
    loadAccountRouting(db, accountId),
  ]);
  return rows.map((row) => view(row, routing));
}

export async function findExtension(
  db: Database,
  accountId: string,
  id: string,
): Promise<ExtensionView | null> {
  const [row] = await db
    .select()
    .from(schema.extensions)
    .where(and(eq(schema.extensions.id, id), eq(schema.extensions.accountId, accountId)));
  return row ? view(row, await loadAccountRouting(db, accountId)) : null;
}

export type ExtensionSaveResult =
  | { ok: true; extension: ExtensionView }
  | { ok: false; reason: "not_found" | "duplicate_number" | "number_locked" }
  | { ok: false; reason: "refused"; issues: RoutingIssue[] };

/** Refused (rolled back) when the change leaves a number or menu routed at nothing. */
class Refused extends Error {
  constructor(readonly issues: RoutingIssue[]) {
    super("refused");
  }
}

async function checked(
  db: Database,
  accountId: string,
  before: AccountRouting,
  row: Row,
): Promise<ExtensionView> {
  const after = await loadAccountRouting(db, accountId);
  const errors = introducedErrors(validateRouting(before.view), validateRouting(after.view));
  if (errors.length > 0) throw new Refused(errors);
  return view(row, after);
}

/** A unique-constraint violation (SQLSTATE 23505) from either driver, through drizzle's wrapper. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: string }).code === "23505") return true;
  }
  return false;
}

export async function createExtension(
  db: Database,
  accountId: string,
  body: CreateExtensionBody,
  now: Date,
): Promise<ExtensionSaveResult> {
  try {
    const extension = await db.transaction(async (tx) => {
      const before = await loadAccountRouting(tx, accountId);
      const [row] = await tx
        .insert(schema.extensions)
        .values({ id: newId("extension"), accountId, ...body, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("extension not inserted");
      return checked(tx, accountId, before, row);
    });
    return { ok: true, extension };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: "refused", issues: err.issues };
    if (isUniqueViolation(err)) return { ok: false, reason: "duplicate_number" };
    throw err;
  }
}

export async function updateExtension(
  db: Database,
  accountId: string,
  id: string,
  body: UpdateExtensionBody,
  now: Date,
): Promise<ExtensionSaveResult> {
  const { extensionNumber, ...fields } = body;
  try {
    return await db.transaction(async (tx): Promise<ExtensionSaveResult> => {
      const where = and(eq(schema.extensions.id, id), eq(schema.extensions.accountId, accountId));
      const [current] = await tx.select().from(schema.extensions).where(where).for("update");
      if (!current) return { ok: false, reason: "not_found" };
      if (extensionNumber !== undefined && extensionNumber !== current.extensionNumber)
        return { ok: false, reason: "number_locked" };
      const before = await loadAccountRouting(tx, accountId);
      const [row] = await tx
        .update(schema.extensions)
        .set({ ...fields, updatedAt: now })
        .where(where)
        .returning();
      if (!row) return { ok: false, reason: "not_found" };
      return { ok: true, extension: await checked(tx, accountId, before, row) };
    });
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: "refused", issues: err.issues };
    throw err;
  }
}

export type ExtensionDeleteResult =
  | { ok: true }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "in_use"; usedBy: string[] };

/** Deletes an extension nothing routes to; otherwise says what uses it. */
export async function deleteExtension(
  db: Database,
  accountId: string,
  id: string,
): Promise<ExtensionDeleteResult> {
  return db.transaction(async (tx): Promise<ExtensionDeleteResult> => {
    const where = and(eq(schema.extensions.id, id), eq(schema.extensions.accountId, accountId));
    const [current] = await tx
      .select({ id: schema.extensions.id })
      .from(schema.extensions)
      .where(where)
      .for("update");
    if (!current) return { ok: false, reason: "not_found" };
    const usedBy = usesOfExtension(await loadAccountRouting(tx, accountId), id);
    if (usedBy.length > 0) return { ok: false, reason: "in_use", usedBy };
    await tx.delete(schema.extensions).where(where);
    return { ok: true };
  });
}

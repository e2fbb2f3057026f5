import type { Database } from "@poundline/db";
import { schema } from "@poundline/db";
import { tollFreeRefusalMessage } from "@poundline/domain/toll-free-verification";
import { and, eq } from "drizzle-orm";

const { phoneNumbers, tollFreeVerifications } = schema;

export interface TollFreeRefusal {
  reason: "toll_free_unverified";
  /** What to do: submit, wait for, or correct the number's verification. */
  message: string;
}

/**
 * Why a text from `fromNumber` must not reach the carrier: a toll-free number texts only once its
 * verification is approved. Null for any other number, or a verified one.
 */
export async function tollFreeTextingRefusal(
  db: Database,
  accountId: string,
  fromNumber: string,
): Promise<TollFreeRefusal | null> {
  const [row] = await db
    .select({ numberType: phoneNumbers.numberType, status: tollFreeVerifications.status })
    .from(phoneNumbers)
    .leftJoin(
      tollFreeVerifications,
      and(
        eq(tollFreeVerifications.phoneNumberId, phoneNumbers.id),
        eq(tollFreeVerifications.accountId, phoneNumbers.accountId),
      ),
    )
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.e164, fromNumber)))
    .limit(1);
  if (row?.numberType !== "toll-free") return null;
  const message = tollFreeRefusalMessage(fromNumber, row.status);
  return message ? { reason: "toll_free_unverified", message } : null;
}

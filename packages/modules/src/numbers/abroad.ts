/**
 * Numbers abroad: the countries the carrier sells, what its regulation of a country and type asks
 * (read from the carrier, never typed here), the account's regulatory bundles (the end user,
 * their address and identity document, kept in object storage) and whether a purchase may go on.
 */
import {
  abroadMessages,
  type RequirementsQuery,
  type SubmitBundleBody,
} from "@poundline/contracts/numbers/schemas";
import { type Database, newId, schema } from "@poundline/db";
import type { bundleEndUserTypes, bundleStates, phoneNumberTypes } from "@poundline/db/enums";
import { HOME_MARKET, numberMonthlyCents } from "@poundline/domain/number-prices";
import type { InternationalCarrier } from "@poundline/platform/carrier/international";
import { storageKeys } from "@poundline/platform/storage/keys";
import type { FileStorage } from "@poundline/platform/storage/port";
import { and, desc, eq, sql } from "drizzle-orm";

const { numberBundles, numberPrices, accounts } = schema;

type NumberType = (typeof phoneNumberTypes)[number];

export interface AbroadPorts {
  db: Database;
  carrier: InternationalCarrier;
  storage: FileStorage;
}

export const isHomeMarket = (isoCountry: string) => (HOME_MARKET as readonly string[]).includes(isoCountry);

export async function priceRows(db: Database) {
  return db
    .select({
      isoCountry: numberPrices.isoCountry,
      numberType: numberPrices.numberType,
      monthlyCents: numberPrices.monthlyCents,
    })
    .from(numberPrices);
}

/** A number's monthly price by the rows and defaults; null when we do not sell it. */
export async function monthlyPriceOf(db: Database, isoCountry: string, numberType: NumberType) {
  return numberMonthlyCents(isoCountry, numberType, await priceRows(db));
}

/** The carrier's countries, each type with our monthly price (a type we do not price is left out). */
export async function countriesOnSale(ports: Pick<AbroadPorts, "db" | "carrier">) {
  const [countries, rows] = await Promise.all([ports.carrier.countries(), priceRows(ports.db)]);
  return countries
    .map((country) => ({
      isoCountry: country.isoCountry,
      name: country.name,
      types: country.types.flatMap((numberType) => {
        const monthlyCents = numberMonthlyCents(country.isoCountry, numberType, rows);
        return monthlyCents === null ? [] : [{ numberType, monthlyCents }];
      }),
    }))
    .filter((country) => country.types.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What the carrier's regulation asks; `required: false` when it sells the numbers without one. */
export async function requirementsOf(carrier: InternationalCarrier, query: RequirementsQuery) {
  const regulation = isHomeMarket(query.country)
    ? null
    : await carrier.regulation(query.country, query.type, query.endUserType);
  if (!regulation) return { required: false, endUserFields: [], address: false, identityDocuments: [] };
  const { endUserFields, address, identityDocuments } = regulation;
  return { required: true, endUserFields, address, identityDocuments };
}

const bundleColumns = {
  id: numberBundles.id,
  isoCountry: numberBundles.isoCountry,
  numberType: numberBundles.numberType,
  endUserType: numberBundles.endUserType,
  endUser: numberBundles.endUser,
  state: numberBundles.state,
  carrierSid: numberBundles.carrierSid,
  carrierAddressSid: numberBundles.carrierAddressSid,
  createdAt: numberBundles.createdAt,
};
interface BundleRow {
  id: string;
  isoCountry: string;
  numberType: NumberType;
  endUserType: (typeof bundleEndUserTypes)[number];
  endUser: Record<string, string>;
  state: (typeof bundleStates)[number];
  carrierSid: string;
  carrierAddressSid: string | null;
  createdAt: Date;
}

const nameOf = (endUser: Record<string, string>) =>
  endUser.business_name ?? [endUser.first_name, endUser.last_name].filter(Boolean).join(" ");

const bundleJson = ({ id, isoCountry, numberType, endUserType, endUser, state, createdAt }: BundleRow) => ({
  id,
  isoCountry,
  numberType,
  endUserType,
  name: nameOf(endUser),
  state,
  createdAt,
});

/** A bundle under review asks the carrier where it stands, and keeps the answer. */
async function refreshed(ports: Pick<AbroadPorts, "db" | "carrier">, accountId: string, row: BundleRow) {
  if (row.state !== "in_review") return row;
  const state = await ports.carrier.bundleState(row.carrierSid);
  if (state === row.state) return row;
  await ports.db
    .update(numberBundles)
    .set({ state, updatedAt: sql`now()` })
    .where(and(eq(numberBundles.id, row.id), eq(numberBundles.accountId, accountId)));
  return { ...row, state };
}

/** The account's bundles, newest first, those under review brought up to date. */
export async function listBundles(ports: Pick<AbroadPorts, "db" | "carrier">, accountId: string) {
  const rows = await ports.db
    .select(bundleColumns)
    .from(numberBundles)
    .where(eq(numberBundles.accountId, accountId))
    .orderBy(desc(numberBundles.createdAt));
  const current = await Promise.all(rows.map((row) => refreshed(ports, accountId, row)));
  return current.map(bundleJson);
}

/** One of the account's bundles, brought up to date; null when it has no such bundle. */
export async function findBundle(ports: Pick<AbroadPorts, "db" | "carrier">, accountId: string, id: string) {
  const [row] = await ports.db
    .select(bundleColumns)
    .from(numberBundles)
    .where(and(eq(numberBundles.id, id), eq(numberBundles.accountId, accountId)));
  return row ? refreshed(ports, accountId, row) : null;
}

export type SubmitBundleResult =
  | { ok: true; bundle: ReturnType<typeof bundleJson> }
  | { ok: false; field: string; message: string };

const EXTENSIONS = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" } as const;

/** Why the body does not answer the regulation: the first field missing, or null. */
function missingOf(
  body: SubmitBundleBody,
  regulation: NonNullable<Awaited<ReturnType<InternationalCarrier["regulation"]>>>,
) {
  const field = regulation.endUserFields.find((f) => !body.endUser[f.name]);
  if (field) return { field: `body.endUser.${field.name}`, message: `${field.label} is required.` };
  if (regulation.address && !body.address)
    return { field: "body.address", message: "An address in the country is required." };
  const accepted = regulation.identityDocuments.map((d) => d.type);
  if (accepted.length > 0 && !(body.document && accepted.includes(body.document.type)))
    return { field: "body.document", message: abroadMessages.document };
  return null;
}

/**
 * Submits the account's regulatory information for a country and type: checked against the
 * carrier's regulation, the document stored through the storage port, the bundle created and
 * submitted at the carrier, then recorded.
 */
export async function submitBundle(
  ports: AbroadPorts,
  accountId: string,
  body: SubmitBundleBody,
): Promise<SubmitBundleResult> {
  const regulation = isHomeMarket(body.country)
    ? null
    : await ports.carrier.regulation(body.country, body.type, body.endUserType);
  if (!regulation) return { ok: false, field: "body.type", message: abroadMessages.noRequirement };
  const missing = missingOf(body, regulation);
  if (missing) return { ok: false, ...missing };
  const data = body.document ? Buffer.from(body.document.dataBase64, "base64") : null;
  if (data && (data.length === 0 || data.length > 2 * 1024 * 1024))
    return { ok: false, field: "body.document", message: abroadMessages.document };
  const id = newId("numberBundle");
  const [account] = await ports.db
    .select({ email: accounts.email, companyName: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const name = nameOf(body.endUser) || account?.companyName || accountId;
  const documentKey =
    body.document && data
      ? storageKeys.bundleDocument(accountId, id, EXTENSIONS[body.document.contentType])
      : null;
  if (documentKey && data) await ports.storage.put(documentKey, data);
  const submitted = await ports.carrier.submitBundle({
    regulationSid: regulation.sid,
    isoCountry: body.country,
    numberType: body.type,
    endUserType: body.endUserType,
    endUser: body.endUser,
    friendlyName: `${name} (${body.country} ${body.type})`,
    email: account?.email ?? "",
    address: body.address ? { customerName: name, ...body.address } : null,
    document:
      body.document && documentKey
        ? { type: body.document.type, name: body.document.name, key: documentKey }
        : null,
  });
  const [row] = await ports.db
    .insert(numberBundles)
    .values({
      id,
      accountId,
      isoCountry: body.country,
      numberType: body.type,
      endUserType: body.endUserType,
      endUser: body.endUser,
      street: body.address?.street ?? null,
      city: body.address?.city ?? null,
      postalCode: body.address?.postalCode ?? null,
      documentKey,
      documentName: body.document?.name ?? null,
      carrierSid: submitted.bundleSid,
      carrierAddressSid: submitted.addressSid,
      state: submitted.state,
    })
    .returning(bundleColumns);
  if (!row) throw new Error(`bundle ${id} not recorded`);
  return { ok: true, bundle: bundleJson(row) };
}

export type AbroadClearance =
  | { ok: true; bundleSid?: string; addressSid?: string }
  | { ok: false; reason: "bundle"; field: string; message: string; notFound?: boolean };

/**
 * Whether a number of this country and type may be bought now: sold without a regulation, or
 * with an approved bundle of the account for the same country and type.
 */
export async function abroadClearance(
  ports: Pick<AbroadPorts, "db" | "carrier">,
  accountId: string,
  purchase: { isoCountry: string; numberType: NumberType; bundleId?: string | undefined },
): Promise<AbroadClearance> {
  const refused = (message: string, notFound = false): AbroadClearance => ({
    ok: false,
    reason: "bundle",
    field: "body.bundleId",
    message,
    ...(notFound ? { notFound } : {}),
  });
  if (!purchase.bundleId) {
    const [individual, business] = await Promise.all(
      (["individual", "business"] as const).map((type) =>
        ports.carrier.regulation(purchase.isoCountry, purchase.numberType, type),
      ),
    );
    return individual || business ? refused(abroadMessages.bundleRequired) : { ok: true };
  }
  const bundle = await findBundle(ports, accountId, purchase.bundleId);
  if (!bundle) return refused(abroadMessages.bundleNotFound, true);
  if (bundle.isoCountry !== purchase.isoCountry || bundle.numberType !== purchase.numberType)
    return refused(abroadMessages.bundleMismatch);
  if (bundle.state !== "approved") return refused(abroadMessages.bundleNotApproved);
  return {
    ok: true,
    bundleSid: bundle.carrierSid,
    ...(bundle.carrierAddressSid ? { addressSid: bundle.carrierAddressSid } : {}),
  };
}

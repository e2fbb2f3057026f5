import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { type SQL, sql } from "drizzle-orm";

/** Prefixes of our ids: the prefix tells what a bare id in a log or URL refers to. */
export const idPrefixes = {
  account: "acct",
  activity: "actv",
  user: "usr",
  membership: "mem",
  contact: "ct",
  call: "call",
  callRoom: "room",
  message: "msg",
  voicemail: "vm",
  callRecording: "rec",
  number: "num",
  numberBundle: "bnd",
  numberPrice: "nprc",
  sharedNumber: "shn",
  territory: "ter",
  category: "cat",
  license: "lic",
  geoRule: "geo",
  ivrMenu: "ivr",
  ivrOption: "opt",
  ivrVersion: "ivrv",
  extension: "ext",
  greeting: "grt",
  greetingCall: "grc",
  wallet: "wal",
  transaction: "txn",
  subscription: "sub",
  invoice: "inv",
  invoiceLine: "invl",
  ticket: "tkt",
  reply: "rep",
  attachment: "att",
  content: "cnt",
  faq: "faq",
  submission: "frm",
  featureRequest: "freq",
  numberRequest: "nreq",
  portInRequest: "port",
  portInNumber: "portn",
  portInEvent: "porte",
  widget: "wgt",
  email: "eml",
  job: "job",
  optOut: "opt_out",
  rate: "rate",
  widgetKey: "wk",
  widgetAttempt: "wga",
  auditEntry: "aud",
  verifiedNumber: "vn",
  invitation: "invt",
  note: "note",
  notification: "ntf",
  pushSubscription: "push",
  apiKey: "key",
  webhookSubscription: "whs",
  webhookEvent: "evt",
  webhookDelivery: "whd",
  webhookAttempt: "wha",
  blockedCaller: "blk",
  textTemplate: "tpl",
  scheduledText: "stx",
  tollFreeVerification: "tfv",
  textingRegistration: "treg",
} as const;

export type IdKind = keyof typeof idPrefixes;

/** Random bytes drawn 4 KiB at a time: one call to the generator serves 409 ids, not one. */
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

/** A new random id such as `acct_k3j…`: 80 random bits, base32, prefixed by kind. */
export function newId(kind: IdKind): string {
  if (poolOffset + 10 > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 10);
  poolOffset += 10;
  return `${idPrefixes[kind]}_${encodeBase32LowerCaseNoPadding(bytes)}`;
}

/** The id of `kind` made from the given 10 bytes: the demo seed draws them from a seeded generator. */
export function idFromBytes(kind: IdKind, bytes: Uint8Array): string {
  return `${idPrefixes[kind]}_${encodeBase32LowerCaseNoPadding(bytes)}`;
}

/**
 * A new id made by the database, for the rows an `insert … select` writes (one per row): the
 * kind's prefix and the 32 hex digits of a random UUID.
 */
export function sqlNewId(kind: IdKind): SQL {
  return sql.raw(`'${idPrefixes[kind]}_' || replace(gen_random_uuid()::text, '-', '')`);
}

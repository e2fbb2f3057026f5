import { planLimits, recordsCalls } from "@poundline/contracts/billing/plan-limits";
import type { Database } from "@poundline/db";
import { type IvrMenuPlayback, ivrMenuPlayback, schema } from "@poundline/db";
import type { holdMusicOptions } from "@poundline/db/enums";
import type { Greeting, IvrMenu, IvrOption } from "@poundline/domain";
import {
  allowanceLeft,
  compileRoutingTable,
  DEFAULT_BLOCKING_RULES,
  DEFAULT_TIME_ZONE,
  type GeoRule,
  greetingOf,
  type MemberRoute,
  type NumberRoute,
  QUEUE_ANNOUNCE_SECONDS,
  QUEUE_MAX_WAIT_SECONDS,
  RING_TIMEOUT_SECONDS,
  type RouteTarget,
  type RoutingSnapshot,
  type RoutingTable,
  softphoneDestination,
  trialRunning,
} from "@poundline/domain";
import type { EventBus } from "@poundline/platform/events/bus";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { CURRENT_STATUSES, effectiveSubscription, type SubscriptionState } from "../billing/current-plan";
import { trialDialableOfAccounts } from "../billing/unpaid-trial";
import { recordedSecondsByAccount } from "../billing/usage";
import { policyOfAccount } from "../destinations/policy";
import { loadRateTable } from "../jobs";

export const ROUTING_CHANGED = "routing:changed";

/** Hold music per option; "custom" uses the number's own recording. */
export const holdMusicUrls: Record<Exclude<(typeof holdMusicOptions)[number], "custom">, string> = {
  default: "http://com.twilio.sounds.music.s3.amazonaws.com/MARKOVICHAMP-Borghestral.mp3",
  classical: "http://com.twilio.music.classical.s3.amazonaws.com/BusyStrings.mp3",
  jazz: "http://com.twilio.music.soft-rock.s3.amazonaws.com/_ghost_-_promo_2_sample_pack.mp3",
};

export function target(type: string, id: string | null, ringGroup: string[]): RouteTarget {
  switch (type) {
    case "ivr_menu":
      return id ? { kind: "ivr_menu", menuId: id } : { kind: "voicemail" };
    case "extension":
      return id ? { kind: "extension", extensionId: id } : { kind: "voicemail" };
    case "ring_group":
      return { kind: "ring_group", members: ringGroup };
    case "forward":
      return id ? { kind: "forward", number: id } : { kind: "voicemail" };
    case "hangup":
      return { kind: "hangup" };
    default:
      return { kind: "voicemail" };
  }
}

/** A stored menu (a draft row, or a published version's) as the telephony code reads it. */
export function menuOfRow(m: IvrMenuPlayback, options: IvrOption[]): IvrMenu {
  return { ...ivrMenuPlayback(m), options };
}

/** The menus of a published version, by id, in the version's order. */
export function menusOfSnapshot(snapshot: schema.IvrSnapshot): Map<string, IvrMenu> {
  return new Map(snapshot.menus.map((m) => [m.id, menuOfRow(m, m.options)]));
}

/** The accounts and what gates their calls: status, wallets, current subscriptions, caps, allowances. */
function readAccountRows(db: Database) {
  return Promise.all([
    db
      .select({
        id: schema.accounts.id,
        companyName: schema.accounts.companyName,
        status: schema.accounts.status,
        trialEndsAt: schema.accounts.trialEndsAt,
        country: schema.accounts.country,
        allowedCountries: schema.accounts.allowedCountries,
      })
      .from(schema.accounts),
    db
      .select({ accountId: schema.wallets.accountId, balance: schema.wallets.balanceCents })
      .from(schema.wallets),
    db
      .select({
        accountId: schema.subscriptions.accountId,
        id: schema.subscriptions.id,
        planName: schema.subscriptions.planName,
        status: schema.subscriptions.status,
        nextBillingDate: schema.subscriptions.nextBillingDate,
        cancelAtPeriodEnd: schema.subscriptions.cancelAtPeriodEnd,
        scheduledPlanName: schema.subscriptions.scheduledPlanName,
        createdAt: schema.subscriptions.createdAt,
      })
      .from(schema.subscriptions)
      .where(inArray(schema.subscriptions.status, [...CURRENT_STATUSES])),
    db
      .select({ accountId: schema.spendGuards.accountId, month: schema.spendGuards.capReachedMonth })
      .from(schema.spendGuards)
      .where(isNotNull(schema.spendGuards.capReachedMonth)),
    db
      .select({
        accountId: schema.trialAllowances.accountId,
        minutesUsed: schema.trialAllowances.minutesUsed,
        textsUsed: schema.trialAllowances.textsUsed,
      })
      .from(schema.trialAllowances),
  ]);
}

/** Owned numbers with their routing, and shared numbers with their geo rules and licensees. */
function readNumberRows(db: Database) {
  return Promise.all([
    db
      .select({ number: schema.phoneNumbers, routing: schema.numberRouting })
      .from(schema.phoneNumbers)
      .leftJoin(schema.numberRouting, eq(schema.numberRouting.phoneNumberId, schema.phoneNumbers.id))
      .where(eq(schema.phoneNumbers.voiceEnabled, true))
      .orderBy(asc(schema.phoneNumbers.createdAt), asc(schema.phoneNumbers.id)),
    db.select().from(schema.sharedNumbers),
    // Only what routing reads: an account's thousands of rules are read again on every save, and
    // the timestamps (two Dates made per row) cost as much client CPU as the rest of the rows.
    db
      .select({
        id: schema.geoRules.id,
        sharedNumberId: schema.geoRules.sharedNumberId,
        locationType: schema.geoRules.locationType,
        locationValue: schema.geoRules.locationValue,
        targetAccountId: schema.geoRules.targetAccountId,
        ivrMenuId: schema.geoRules.ivrMenuId,
        priority: schema.geoRules.priority,
      })
      .from(schema.geoRules)
      .orderBy(asc(schema.geoRules.priority), asc(schema.geoRules.createdAt), asc(schema.geoRules.id)),
    db
      .select({
        sharedNumberId: schema.territoryLicenses.sharedNumberId,
        accountId: schema.territoryLicenses.accountId,
      })
      .from(schema.territoryLicenses)
      .where(and(eq(schema.territoryLicenses.status, "active"))),
  ]);
}

/** Who and what answers: the published menus calls follow (never the drafts), extensions, members. */
function readAnswerRows(db: Database) {
  return Promise.all([
    db
      .select({
        accountId: schema.ivrLiveVersions.accountId,
        versionId: schema.ivrVersions.id,
        snapshot: schema.ivrVersions.snapshot,
      })
      .from(schema.ivrLiveVersions)
      .innerJoin(
        schema.ivrVersions,
        and(
          eq(schema.ivrVersions.id, schema.ivrLiveVersions.versionId),
          eq(schema.ivrVersions.accountId, schema.ivrLiveVersions.accountId),
        ),
      ),
    db.select().from(schema.extensions),
    loadMembers(db),
    loadGreetings(db),
  ]);
}

/** The greetings of numbers and extensions, keyed `<owner id>:<slot>`. */
export async function loadGreetings(db: Database): Promise<Map<string, Greeting>> {
  const rows = await db
    .select({
      phoneNumberId: schema.greetings.phoneNumberId,
      extensionId: schema.greetings.extensionId,
      slot: schema.greetings.slot,
      kind: schema.greetings.kind,
      ttsText: schema.greetings.ttsText,
      voice: schema.greetings.voice,
      language: schema.greetings.language,
      audioUrl: schema.greetings.audioUrl,
    })
    .from(schema.greetings);
  const greetings = new Map<string, Greeting>();
  for (const row of rows) {
    const greeting = greetingOf(row);
    const owner = row.phoneNumberId ?? row.extensionId;
    if (greeting && owner) greetings.set(`${owner}:${row.slot}`, greeting);
  }
  return greetings;
}

/** Each account's block rules and list, for the accounts that have either. */
async function loadBlocking(db: Database) {
  const [ruleRows, entryRows] = await Promise.all([
    db.select().from(schema.callBlockingRules),
    db
      .select({
        accountId: schema.blockedCallers.accountId,
        kind: schema.blockedCallers.kind,
        value: schema.blockedCallers.value,
      })
      .from(schema.blockedCallers),
  ]);
  type Blocking = NonNullable<RoutingSnapshot["accounts"][number]["blocking"]>;
  const byAccount = new Map<string, Blocking>();
  const of = (accountId: string) => {
    const found = byAccount.get(accountId) ?? { rules: { ...DEFAULT_BLOCKING_RULES }, entries: [] };
    byAccount.set(accountId, found);
    return found;
  };
  for (const r of ruleRows)
    of(r.accountId).rules = {
      list: r.listAction,
      withheld: r.withheldAction,
      unverified: r.unverifiedAction,
    };
  for (const { accountId, ...entry } of entryRows) of(accountId).entries.push(entry);
  return byAccount;
}

/** Every account's members with their settings (none saved: available, any time, no device). */
export async function loadMembers(db: Database, accountId?: string): Promise<MemberRoute[]> {
  const rows = await db
    .select({
      accountId: schema.accountMemberships.accountId,
      userId: schema.accountMemberships.userId,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      email: schema.users.email,
      availability: schema.memberSettings.availability,
      timeZone: schema.memberSettings.timeZone,
      workingHours: schema.memberSettings.workingHours,
      forwardingPhone: schema.memberSettings.forwardingPhone,
      ringBrowser: schema.memberSettings.ringBrowser,
      directNumberId: schema.memberSettings.directNumberId,
      extensionId: schema.memberSettings.extensionId,
    })
    .from(schema.accountMemberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.accountMemberships.userId))
    .leftJoin(
      schema.memberSettings,
      and(
        eq(schema.memberSettings.accountId, schema.accountMemberships.accountId),
        eq(schema.memberSettings.userId, schema.accountMemberships.userId),
      ),
    )
    .where(accountId ? eq(schema.accountMemberships.accountId, accountId) : undefined);
  return rows.map((r) => ({
    userId: r.userId,
    accountId: r.accountId,
    name: memberName(r),
    availability: r.availability ?? "available",
    timeZone: r.timeZone ?? DEFAULT_TIME_ZONE,
    workingHours: r.workingHours ?? null,
    forwardingNumbers: devicesOf(r),
    directNumberId: r.directNumberId ?? null,
    extensionId: r.extensionId ?? null,
  }));
}

/** What rings for a member: their forwarding phone, and their softphone when they asked for it. */
function devicesOf(r: {
  accountId: string;
  userId: string;
  forwardingPhone: string | null;
  ringBrowser: boolean | null;
}) {
  const devices = r.forwardingPhone ? [r.forwardingPhone] : [];
  if (r.ringBrowser) devices.push(softphoneDestination(r.accountId, r.userId));
  return devices;
}

/** How a member is named to the team: their name, else their e-mail address. */
export const memberName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

type AccountRows = Awaited<ReturnType<typeof readAccountRows>>;

/** The accounts as routing reads them, their gates compiled at `now`. */
async function accountsOf(
  db: Database,
  [accountRows, walletRows, activeSubs, capRows, allowanceRows]: AccountRows,
  ownNumbers: Map<string, string[]>,
  liveVersions: Map<string, string>,
  now: Date,
) {
  const wallets = new Map(walletRows.map((w) => [w.accountId, w.balance]));
  const planOf = plansAt(activeSubs, now);
  const subscribed = new Set(planOf.keys());
  const capReached = new Map(capRows.map((c) => [c.accountId, c.month]));
  // An unpaid trial forwards only to its verified and own numbers (billing/unpaid-trial.ts).
  const trialDialable = await trialDialableOfAccounts(
    db,
    accountRows.filter((a) => a.trialEndsAt !== null && !subscribed.has(a.id)).map((a) => a.id),
    (accountId) => ownNumbers.get(accountId) ?? [],
  );
  // A running trial's included minutes pay first; its wallet, made or not, is what is left after.
  const used = new Map(allowanceRows.map((row) => [row.accountId, row]));
  const allowanceOf = (a: { id: string; trialEndsAt: Date | null }) =>
    trialRunning(a.trialEndsAt, now)
      ? allowanceLeft(used.get(a.id) ?? { minutesUsed: 0, textsUsed: 0 })
      : null;
  const accounts = accountRows.map((a) => {
    const allowance = allowanceOf(a);
    return {
      id: a.id,
      companyName: a.companyName,
      ivrVersionId: liveVersions.get(a.id) ?? null,
      gate: {
        status: a.status,
        trialEndsAt: a.trialEndsAt,
        hasActiveSubscription: subscribed.has(a.id),
        walletBalanceCents: wallets.get(a.id) ?? (allowance ? 0 : null),
        spendCapReachedMonth: capReached.get(a.id) ?? null,
        allowance,
      },
      destinationPolicy: { ...policyOfAccount(a), trialDialable: trialDialable.get(a.id) ?? null },
    };
  });
  return { accounts, planOf };
}

/**
 * Each account's plan at `now`: a subscription cancelled at the end of its period, or the trial,
 * ends at a date; the housekeeping recompiles the tables as such dates pass.
 */
function plansAt(activeSubs: AccountRows[2], now: Date) {
  const subsByAccount = new Map<string, SubscriptionState[]>();
  for (const sub of activeSubs)
    subsByAccount.set(sub.accountId, [...(subsByAccount.get(sub.accountId) ?? []), sub]);
  return new Map(
    [...subsByAccount].flatMap(([accountId, rows]) => {
      const effective = effectiveSubscription(rows, now);
      return effective ? [[accountId, effective.planName] as const] : [];
    }),
  );
}

type NumberRows = Awaited<ReturnType<typeof readNumberRows>>;
type NumberRow = NumberRows[0][number];

/** One owned number's route as stored; `mayRecord`: its plan records calls. */
function numberRoute(
  { number, routing }: NumberRow,
  mayRecord: boolean,
  greetings: Map<string, Greeting>,
): NumberRoute {
  return {
    numberId: number.id,
    accountId: number.accountId,
    e164: number.e164,
    tollFree: number.numberType === "toll-free",
    timeZone: routing?.timeZone ?? DEFAULT_TIME_ZONE,
    businessHours: routing?.businessHours ?? schema.defaultBusinessHours,
    openTarget: routing
      ? target(routing.businessHoursTargetType, routing.businessHoursTargetId, routing.businessHoursRingGroup)
      : { kind: "voicemail" },
    afterHoursTarget: routing
      ? target(routing.afterHoursTargetType, routing.afterHoursTargetId, routing.afterHoursRingGroup)
      : { kind: "voicemail" },
    ringStrategy: routing?.ringStrategy ?? "simultaneous",
    ringTimeoutSeconds: routing?.ringTimeoutSeconds ?? RING_TIMEOUT_SECONDS.default,
    holdMusicUrl:
      routing?.holdMusic === "custom"
        ? routing.holdMusicUrl || holdMusicUrls.default
        : holdMusicUrls[routing?.holdMusic ?? "default"],
    queueAnnounceSeconds: routing?.queueAnnounceSeconds ?? QUEUE_ANNOUNCE_SECONDS.default,
    queueMaxWaitSeconds: routing?.queueMaxWaitSeconds ?? QUEUE_MAX_WAIT_SECONDS.default,
    voicemailEnabled: routing?.voicemailEnabled ?? true,
    voicemailGreeting: greetings.get(`${number.id}:voicemail`) ?? null,
    afterHoursGreeting: greetings.get(`${number.id}:after_hours`) ?? null,
    holidays: new Map((routing?.holidays ?? []).map((h) => [h.date, target(h.targetType, h.targetId, [])])),
    recordCalls: (routing?.recordCalls ?? false) && mayRecord,
  };
}

/** The shared numbers with their rules in order and their licensees. */
function sharedNumbersOf([
  ,
  sharedRows,
  ruleRows,
  licenseRows,
]: NumberRows): RoutingSnapshot["sharedNumbers"] {
  const rulesByNumber = new Map<string, GeoRule[]>();
  for (const { sharedNumberId, ...rule } of ruleRows) {
    const list = rulesByNumber.get(sharedNumberId) ?? [];
    list.push(rule);
    rulesByNumber.set(sharedNumberId, list);
  }
  const licensees = new Map<string, string[]>();
  for (const l of licenseRows)
    licensees.set(l.sharedNumberId, [...(licensees.get(l.sharedNumberId) ?? []), l.accountId]);
  return sharedRows.map((s) => ({
    id: s.id,
    poundCode: s.poundCode,
    e164: s.e164,
    defaultAccountId: s.defaultAccountId,
    rules: rulesByNumber.get(s.id) ?? [],
    licensedAccountIds: licensees.get(s.id) ?? [],
    askLocation: s.askLocation,
  }));
}

/** Reads everything routing needs in a handful of queries. Menus: each account's live version. */
export async function loadRoutingSnapshot(
  db: Database,
  clock: () => Date = () => new Date(),
): Promise<RoutingSnapshot> {
  const now = clock();
  const [accountRows, numberRows, [liveRows, extRows, members, greetings], rates, recorded, blocking] =
    await Promise.all([
      readAccountRows(db),
      readNumberRows(db),
      readAnswerRows(db),
      loadRateTable(db),
      recordedSecondsByAccount(db, now),
      loadBlocking(db),
    ]);
  const ownNumbers = new Map<string, string[]>();
  for (const { number } of numberRows[0]) {
    const own = ownNumbers.get(number.accountId);
    if (own) own.push(number.e164);
    else ownNumbers.set(number.accountId, [number.e164]);
  }
  const liveVersions = new Map(liveRows.map((l) => [l.accountId, l.versionId]));
  const { accounts, planOf } = await accountsOf(db, accountRows, ownNumbers, liveVersions, now);
  // A plan without call recording (the trial, Starter) records nothing, even after a downgrade;
  // one whose hours this month are used records nothing until the next month.
  const mayRecord = (accountId: string) =>
    recordsCalls(planLimits(planOf.get(accountId) ?? null), recorded.get(accountId) ?? 0);
  return {
    accounts: accounts.map((a) => {
      const rules = blocking.get(a.id);
      return rules ? { ...a, blocking: rules } : a;
    }),
    numbers: numberRows[0].map((row) => numberRoute(row, mayRecord(row.number.accountId), greetings)),
    rates,
    sharedNumbers: sharedNumbersOf(numberRows),
    menus: liveRows.flatMap((live) =>
      [...menusOfSnapshot(live.snapshot).values()].map((m) => ({ ...m, accountId: live.accountId })),
    ),
    extensions: extRows.map((e) => ({
      id: e.id,
      accountId: e.accountId,
      extensionNumber: e.extensionNumber,
      name: e.name,
      voicemailEnabled: e.voicemailEnabled,
      voicemailGreeting: greetings.get(`${e.id}:voicemail`) ?? null,
      forwardingNumbers: e.callForwarding || e.forwardingNumbers.length > 0 ? e.forwardingNumbers : [],
    })),
    members,
  };
}

/**
 * The current routing table of this instance. Compiled at start; recompiled when any instance
 * announces a configuration change on the bus (changes are rare, calls are many).
 */
export interface RoutingTables {
  current(): RoutingTable;
  /**
   * Announce a change: every instance recompiles. Resolves once this instance's table holds the
   * change, so the save's answer means "the next call here follows it".
   */
  changed(): Promise<void>;
  /** Recompile now and wait for it (tests, start). */
  reload(): Promise<void>;
  close(): void;
}

export async function createRoutingTables(
  db: Database,
  bus: EventBus,
  clock: () => Date,
  log: { error(obj: object, msg: string): void },
): Promise<RoutingTables> {
  let table: RoutingTable | null = null;
  // Read through a function: the compiler does not see reload() assign `table`.
  const compiled = (): RoutingTable | null => table;
  let running: Promise<void> | null = null;
  let again = false;

  const reload = (): Promise<void> => {
    // Coalesce bursts of changes: one reload at a time, plus one more if asked meanwhile.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          table = compileRoutingTable(await loadRoutingSnapshot(db, clock), clock());
        } catch (err) {
          if (!table) throw err; // the first load must succeed: there is nothing to keep
          log.error({ err }, "routing table reload failed; keeping the previous table");
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  // Listen before the first load, so a change announced meanwhile is not missed.
  // Our own announcements are skipped by their origin: changed() reloads here itself.
  const origin = crypto.randomUUID();
  const unsubscribe = bus.subscribe(ROUTING_CHANGED, (message) => {
    if ((message as { origin?: string } | null)?.origin === origin) return;
    void reload().catch(() => {});
  });
  await bus.ready();
  await reload();
  const first = compiled();
  if (!first) throw new Error("routing tables did not compile");
  return {
    current: () => table ?? first,
    changed: async () => {
      await Promise.all([bus.publish(ROUTING_CHANGED, { at: clock().toISOString(), origin }), reload()]);
    },
    reload,
    close: unsubscribe,
  };
}

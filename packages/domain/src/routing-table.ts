import type { BusinessHours } from "./business-hours";
import {
  type BlockedCallerKind,
  type BlockingRules,
  type CompiledBlocking,
  compileBlocking,
} from "./call-blocking";
import { type DestinationPolicy, destinationRefusal } from "./destination-policy";
import { type CompiledGeoRules, compileGeoRules, type GeoRule } from "./geo-rules";
import type { Greeting } from "./greeting";
import type { IvrMenu } from "./ivr";
import type { MemberRoute } from "./members";
import type { RateTable } from "./rating";
import type { RingStrategy } from "./ring";
import type { AllowanceLeft } from "./trial-allowance";

export type RouteTarget =
  | { kind: "ivr_menu"; menuId: string }
  | { kind: "extension"; extensionId: string }
  /** members: who the group rings, in order: extension ids and account members' user ids. */
  | { kind: "ring_group"; members: string[] }
  | { kind: "voicemail" }
  | { kind: "forward"; number: string }
  | { kind: "hangup" };

/** How one number's calls are routed (a number_routing row, decoded). */
export interface NumberRoute {
  numberId: string;
  accountId: string;
  e164: string;
  tollFree: boolean;
  timeZone: string;
  businessHours: BusinessHours;
  openTarget: RouteTarget;
  afterHoursTarget: RouteTarget;
  ringStrategy: RingStrategy;
  ringTimeoutSeconds: number;
  holdMusicUrl: string;
  /** Callers waiting for the ring group hear their place and expected wait this often (0: never). */
  queueAnnounceSeconds?: number;
  /** The longest a caller waits for the ring group before voicemail. */
  queueMaxWaitSeconds?: number;
  voicemailEnabled: boolean;
  /** The number's own voicemail greeting; null: the built-in words. */
  voicemailGreeting: Greeting | null;
  /** Played before the after-hours destination, whatever it is; absent or null: nothing. */
  afterHoursGreeting?: Greeting | null;
  /** Local dates (YYYY-MM-DD in the number's zone) routed all day to their own destination. */
  holidays?: ReadonlyMap<string, RouteTarget>;
  /** Record the calls it puts through (the consent notice first where the caller's state asks). */
  recordCalls?: boolean;
  /** The member whose direct number it is: its calls ring them, then the number's voicemail. */
  directMemberId?: string | null;
}

export interface Extension {
  id: string;
  accountId: string;
  extensionNumber: number;
  name: string;
  voicemailEnabled: boolean;
  /** The extension's own voicemail greeting; absent or null: "<name> is not available…". */
  voicemailGreeting?: Greeting | null;
  /** Numbers rung for this extension, all at once. */
  forwardingNumbers: string[];
  /** The member whose extension it is: it rings them too, while they can be rung. */
  memberId?: string | null;
}

/** Whether an account may take calls now; evaluated at call time against the clock. */
export interface AccountGate {
  status: "trialing" | "active" | "suspended" | "closed";
  trialEndsAt: Date | null;
  hasActiveSubscription: boolean;
  /** Null when the account has no wallet (nothing prepaid yet). */
  walletBalanceCents: number | null;
  /** The UTC month (`YYYY-MM`) in which usage reached the account's monthly spend cap, if it did. */
  spendCapReachedMonth?: string | null;
  /**
   * The free trial's included minutes and texts left (trial-allowance.ts), drawn before the
   * wallet; absent or null when no trial is running.
   */
  allowance?: AllowanceLeft | null;
}

export interface AccountRouting {
  id: string;
  companyName: string;
  gate: AccountGate;
  menus: Map<string, IvrMenu>;
  extensions: Map<string, Extension>;
  /** The account's members by user id: ring groups ring those available and at work. */
  members: Map<string, MemberRoute>;
  /** Who "operator" rings: the lowest-numbered extension that has a number to ring. */
  operatorExtensionId: string | null;
  /** The account's first number: where a licensee's calls from a shared number go without a menu. */
  mainRoute: NumberRoute | null;
  /**
   * The published IVR version `menus` were compiled from (null: never published). A menu's
   * Gather carries it, so a call in progress keeps walking that version after a new publish.
   */
  ivrVersionId?: string | null;
  /** The rate table the table was compiled with: what a forwarded leg's minute costs (call-flow). */
  rates?: RateTable;
  /** The block list and rules (call-blocking.ts); absent: nobody is blocked. */
  blocking?: CompiledBlocking;
}

export interface SharedNumberRoute {
  sharedNumberId: string;
  poundCode: string;
  e164: string;
  rules: CompiledGeoRules;
  defaultAccountId: string | null;
  /** Accounts holding an active licence for the number (they may place test calls to it). */
  licensedAccountIds?: readonly string[];
  /** Ask a caller whose location is unknown for a ZIP or postal code (location-prompt.ts). */
  askLocation?: boolean;
}

export type DialledEntry =
  | { kind: "owned"; route: NumberRoute }
  | { kind: "shared"; shared: SharedNumberRoute };

/** Everything a webhook needs to answer, in memory: rebuilt whenever configuration changes. */
export interface RoutingTable {
  byNumber: Map<string, DialledEntry>;
  numbersById: Map<string, NumberRoute>;
  byPoundCode: Map<string, SharedNumberRoute>;
  accounts: Map<string, AccountRouting>;
  builtAt: Date;
}

/** The rows the table is compiled from, as loaded from the database. */
export interface RoutingSnapshot {
  accounts: {
    id: string;
    companyName: string;
    gate: AccountGate;
    ivrVersionId?: string | null;
    /**
     * Where the account may call: forwarding numbers it may no longer reach (saved before its
     * allowed countries narrowed) are left out of the table. Absent: nothing is filtered.
     */
    destinationPolicy?: DestinationPolicy;
    /** The block rules and list; absent: nobody is blocked. */
    blocking?: { rules: BlockingRules; entries: { kind: BlockedCallerKind; value: string }[] };
  }[];
  numbers: NumberRoute[];
  sharedNumbers: {
    id: string;
    poundCode: string;
    e164: string;
    defaultAccountId: string | null;
    /** Rules already in the order the user arranged them. */
    rules: GeoRule[];
    /** Accounts holding an active licence for this number: rules to anyone else are ignored. */
    licensedAccountIds: string[];
    askLocation?: boolean;
  }[];
  menus: (IvrMenu & { accountId: string })[];
  extensions: Extension[];
  /** The accounts' members with their availability, hours and devices (absent: none). */
  members?: MemberRoute[];
  /** The rates of the `rates` rows: forwarded calls are held to what the wallet pays at them. */
  rates?: RateTable;
}

export function compileRoutingTable(snapshot: RoutingSnapshot, builtAt: Date): RoutingTable {
  const accounts = new Map<string, AccountRouting>();
  for (const a of snapshot.accounts) {
    accounts.set(a.id, {
      id: a.id,
      companyName: a.companyName,
      gate: a.gate,
      ...(snapshot.rates ? { rates: snapshot.rates } : {}),
      menus: new Map(),
      extensions: new Map(),
      members: new Map(),
      operatorExtensionId: null,
      mainRoute: null,
      ivrVersionId: a.ivrVersionId ?? null,
      ...(a.blocking ? { blocking: compileBlocking(a.blocking.rules, a.blocking.entries) } : {}),
    });
  }
  for (const menu of snapshot.menus) accounts.get(menu.accountId)?.menus.set(menu.id, menu);
  const policies = new Map(snapshot.accounts.map((a) => [a.id, a.destinationPolicy]));
  // SIP addresses and carrier clients are not numbers of the telephone network: no policy applies.
  const dialable = (accountId: string, number: string) => {
    const policy = policies.get(accountId);
    return !policy || !number.startsWith("+") || destinationRefusal(number, policy) === null;
  };
  addPeople(accounts, snapshot, dialable);

  const byNumber = new Map<string, DialledEntry>();
  const numbersById = new Map<string, NumberRoute>();
  // A forward the account may not dial (any more) takes the caller to voicemail instead.
  const reachable = (accountId: string, target: RouteTarget): RouteTarget =>
    target.kind === "forward" && !dialable(accountId, target.number) ? { kind: "voicemail" } : target;
  for (const stored of snapshot.numbers) {
    const route: NumberRoute = {
      ...stored,
      openTarget: reachable(stored.accountId, stored.openTarget),
      afterHoursTarget: reachable(stored.accountId, stored.afterHoursTarget),
      ...(stored.holidays
        ? {
            holidays: new Map(
              [...stored.holidays].map(([date, target]) => [date, reachable(stored.accountId, target)]),
            ),
          }
        : {}),
    };
    byNumber.set(route.e164, { kind: "owned", route });
    numbersById.set(route.numberId, route);
    const account = accounts.get(route.accountId);
    if (account && !account.mainRoute) account.mainRoute = route;
  }
  addDirectLines(accounts, numbersById);
  const byPoundCode = new Map<string, SharedNumberRoute>();
  for (const s of snapshot.sharedNumbers) {
    const licensed = new Set(s.licensedAccountIds);
    const shared: SharedNumberRoute = {
      sharedNumberId: s.id,
      poundCode: s.poundCode,
      e164: s.e164,
      rules: compileGeoRules(s.rules.filter((r) => licensed.has(r.targetAccountId))),
      defaultAccountId: s.defaultAccountId,
      licensedAccountIds: s.licensedAccountIds,
      askLocation: s.askLocation ?? false,
    };
    byNumber.set(s.e164, { kind: "shared", shared });
    byPoundCode.set(s.poundCode.toUpperCase(), shared);
  }
  return { byNumber, numbersById, byPoundCode, accounts, builtAt };
}

/**
 * Extensions (by number: the first that rings a phone, its own or its member's, is the operator)
 * and members, per account; an extension that is a member's names them.
 */
function addPeople(
  accounts: Map<string, AccountRouting>,
  snapshot: Pick<RoutingSnapshot, "extensions" | "members">,
  dialable: (accountId: string, number: string) => boolean,
): void {
  const memberOfExtension = new Map<string, MemberRoute>();
  for (const member of snapshot.members ?? []) {
    const account = accounts.get(member.accountId);
    if (!account) continue;
    const route = {
      ...member,
      forwardingNumbers: member.forwardingNumbers.filter((n) => dialable(member.accountId, n)),
    };
    account.members.set(member.userId, route);
    if (member.extensionId) memberOfExtension.set(member.extensionId, route);
  }

  const byExtensionNumber = [...snapshot.extensions].sort((a, b) => a.extensionNumber - b.extensionNumber);
  for (const stored of byExtensionNumber) {
    const account = accounts.get(stored.accountId);
    if (!account) continue;
    const found = memberOfExtension.get(stored.id);
    const member = found?.accountId === stored.accountId ? found : undefined;
    const ext: Extension = {
      ...stored,
      forwardingNumbers: stored.forwardingNumbers.filter((n) => dialable(stored.accountId, n)),
      memberId: member?.userId ?? null,
    };
    account.extensions.set(ext.id, ext);
    const rings = ext.forwardingNumbers.length > 0 || (member?.forwardingNumbers.length ?? 0) > 0;
    if (!account.operatorExtensionId && rings) account.operatorExtensionId = ext.id;
  }
}

/** Each member's direct number, in its route: the number's calls ring them first. */
function addDirectLines(accounts: Map<string, AccountRouting>, numbersById: Map<string, NumberRoute>): void {
  for (const account of accounts.values()) {
    for (const member of account.members.values()) {
      const route = member.directNumberId ? numbersById.get(member.directNumberId) : undefined;
      if (route?.accountId === account.id) route.directMemberId = member.userId;
    }
  }
}

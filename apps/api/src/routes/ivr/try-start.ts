import { AppError } from "@poundline/contracts/errors";
import { ivrEndpoints } from "@poundline/contracts/ivr/endpoints";
import { IVR_MESSAGES, TRY_MESSAGES } from "@poundline/contracts/ivr/schemas";
import { type Database, liveIvrVersion, readIvrDraft } from "@poundline/db";
import type { IvrMenu, RoutingTable } from "@poundline/domain";
import { menusOfSnapshot } from "@poundline/modules/carrier/routing-tables";
import { requireAccount } from "../../auth/context";
import { handle } from "../../http/contract-route";

/** Where a call into these menus starts: the menu the account's first number answers with, else the first. */
function entryMenu(table: RoutingTable, accountId: string, menus: ReadonlyMap<string, IvrMenu>): IvrMenu {
  for (const route of table.numbersById.values()) {
    if (route.accountId !== accountId) continue;
    for (const target of [route.openTarget, route.afterHoursTarget]) {
      const menu = target.kind === "ivr_menu" ? menus.get(target.menuId) : undefined;
      if (menu) return menu;
    }
  }
  return menus.values().next().value as IvrMenu;
}

/** The menus a try calls into: the live version's (none published: 409), or the draft's. */
async function triedMenus(db: Database, accountId: string, target: "draft" | "live") {
  if (target !== "live") return { versionId: null, snapshot: await readIvrDraft(db, accountId) };
  const live = await liveIvrVersion(db, accountId);
  if (!live) throw new AppError("CONFLICT", TRY_MESSAGES.nothingPublished);
  return { versionId: live.id, snapshot: live.snapshot };
}

export const tryStart = handle(ivrEndpoints.tryStart, async (request, reply) => {
  const { account, sessionId } = requireAccount(request);
  const { db, routing, ivrTries } = request.server.deps;
  const { target, menuId } = request.body;
  const { versionId, snapshot } = await triedMenus(db.db, account.id, target);
  // The call's webhooks read the account from the routing tables: a brand-new account that no
  // change has brought into them yet is loaded now.
  if (!routing.current().accounts.has(account.id)) await routing.reload();
  const menus = menusOfSnapshot(snapshot);
  if (menus.size === 0) throw new AppError("CONFLICT", TRY_MESSAGES.noMenus);
  const startMenu = menuId ? menus.get(menuId) : entryMenu(routing.current(), account.id, menus);
  if (!startMenu)
    throw new AppError("BAD_REQUEST", IVR_MESSAGES.menuMissing, {
      "body.menuId": [IVR_MESSAGES.menuMissing],
    });
  const view = await ivrTries.start({
    owner: { accountId: account.id, sessionId },
    target,
    versionId,
    menus,
    startMenu,
  });
  return reply.status(201).send(view);
});

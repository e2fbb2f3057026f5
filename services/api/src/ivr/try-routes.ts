import { liveIvrVersion, readIvrDraft } from "@poundline/db";
import type { IvrMenu, RoutingTable } from "@poundline/telephony";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAccount } from "../auth/context";
import { AppError } from "../http/errors";
import { menusOfSnapshot } from "../twilio/routing-tables";
import {
  IVR_MESSAGES,
  ivrTryBodySchema,
  ivrTryKeysBodySchema,
  ivrTryParamsSchema,
  ivrTrySchema,
  TRY_MESSAGES,
} from "./schemas";
import type { TryStepResult } from "./try-calls";

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

function stepped(result: TryStepResult) {
  if (result.ok) return result.view;
  switch (result.reason) {
    case "not_found":
      throw new AppError("NOT_FOUND", TRY_MESSAGES.notFound);
    case "ended":
      throw new AppError("CONFLICT", TRY_MESSAGES.ended);
    case "too_many_keys":
      throw new AppError("CONFLICT", TRY_MESSAGES.tooManyKeys);
  }
}

/** Try it: a simulated call into the draft or the live menus (try-calls.ts). Under /api. */
export async function ivrTryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/ivr-menus/try",
    {
      config: { permission: "ivr.edit" },
      schema: { body: ivrTryBodySchema, response: { 201: ivrTrySchema } },
    },
    async (request, reply) => {
      const { account, sessionId } = requireAccount(request);
      const { db, routing, ivrTries } = request.server.deps;
      const { target, menuId } = request.body;
      let versionId: string | null = null;
      let snapshot = null;
      if (target === "live") {
        const live = await liveIvrVersion(db.db, account.id);
        if (!live) throw new AppError("CONFLICT", TRY_MESSAGES.nothingPublished);
        versionId = live.id;
        snapshot = live.snapshot;
      } else {
        snapshot = await readIvrDraft(db.db, account.id);
      }
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
    },
  );

  app.post(
    "/ivr-menus/try/:tryId/keys",
    {
      config: { permission: "ivr.edit" },
      schema: { params: ivrTryParamsSchema, body: ivrTryKeysBodySchema, response: { 200: ivrTrySchema } },
    },
    async (request) => {
      const { account, sessionId } = requireAccount(request);
      const { digits } = request.body;
      // One key per menu; nothing pressed: wait at the menu until its timeout.
      const keys = digits === "" ? [""] : [...digits];
      const owner = { accountId: account.id, sessionId };
      return stepped(await request.server.deps.ivrTries.press(request.params.tryId, owner, keys));
    },
  );

  app.delete(
    "/ivr-menus/try/:tryId",
    {
      config: { permission: "ivr.edit" },
      schema: { params: ivrTryParamsSchema, response: { 204: z.null().describe("No content") } },
    },
    async (request, reply) => {
      const { account, sessionId } = requireAccount(request);
      const owner = { accountId: account.id, sessionId };
      if (!request.server.deps.ivrTries.hangUp(request.params.tryId, owner))
        throw new AppError("NOT_FOUND", TRY_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  );
}

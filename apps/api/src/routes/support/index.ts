import { AppError } from "@poundline/contracts/errors";
import { supportEndpoints } from "@poundline/contracts/support/endpoints";
import { LOGIN_REQUIRED_MESSAGE } from "@poundline/contracts/support/schemas";
import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { adminAttach } from "./admin-attach";
import { adminAttachment } from "./admin-attachment";
import { adminReply } from "./admin-reply";
import { adminTicket } from "./admin-ticket";
import { allTickets } from "./all-tickets";
import { attach } from "./attach";
import { attachment } from "./attachment";
import { close } from "./close";
import { create } from "./create";
import { myTickets } from "./my-tickets";
import { reopen } from "./reopen";
import { reply } from "./reply";
import { acceptAttachmentUploads } from "./shared";
import { ticket } from "./ticket";

/** The customer's side, mounted at /api/support: their own tickets only (access "account"). */
async function customerSupportRoutes(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    // Seed 001's message for a ticket sent without a session; the registrar's guard answers the rest.
    if (
      !request.auth &&
      request.method === "POST" &&
      request.routeOptions.url === supportEndpoints.create.path
    )
      throw new AppError("UNAUTHORIZED", LOGIN_REQUIRED_MESSAGE);
  });
  acceptAttachmentUploads(app);
  await app.register(endpointRoutes(myTickets, create, ticket, reply, reopen, attach, attachment));
}

/** Support's side, mounted at /api/admin/support-tickets: every ticket, admins only (access "admin"). */
async function adminSupportRoutes(app: FastifyInstance) {
  acceptAttachmentUploads(app);
  await app.register(
    endpointRoutes(allTickets, adminTicket, adminReply, close, adminAttach, adminAttachment),
  );
}

/** Support tickets (seed 001), mounted under /api: the customer's side and support's. */
export async function supportRoutes(fastify: FastifyInstance) {
  await fastify.register(customerSupportRoutes, { prefix: "/support" });
  await fastify.register(adminSupportRoutes, { prefix: "/admin/support-tickets" });
}

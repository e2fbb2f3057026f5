import { attachSoftphone, type CarrierSim, type SimDeviceMessage } from "@poundline/carrier-sim";
import { newId, schema } from "@poundline/db";
import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import type { SignedIn } from "../fixtures";

/** A prepaid wallet for the account (calls out need one). */
export async function fundWallet(t: TestApp, accountId: string, balanceCents = 5000) {
  await t.db.db.insert(schema.wallets).values({ id: newId("wallet"), accountId, balanceCents });
}

/**
 * A softphone on the embedded simulator's socket, as the console's simulator device opens it:
 * registered with the member's token from the API. `next(type)` waits for the sim's next such message.
 */
export async function openSoftphone(t: TestApp, sim: CarrierSim, member: SignedIn) {
  const res = await t.app.inject({ method: "POST", url: "/api/softphone/token", headers: member.headers });
  expect(res.statusCode, res.body).toBe(200);
  const inbox: SimDeviceMessage[] = [];
  const waiters: { type: string; resolve: (message: SimDeviceMessage) => void }[] = [];
  const socket = attachSoftphone(sim, {
    send(message) {
      const waiter = waiters.find((w) => w.type === message.type);
      if (waiter) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else inbox.push(message);
    },
  });
  const next = <T extends SimDeviceMessage["type"]>(type: T) =>
    new Promise<Extract<SimDeviceMessage, { type: T }>>((resolve) => {
      const seen = inbox.findIndex((m) => m.type === type);
      const settle = (m: SimDeviceMessage) => resolve(m as Extract<SimDeviceMessage, { type: T }>);
      if (seen >= 0) settle(inbox.splice(seen, 1)[0] as SimDeviceMessage);
      else waiters.push({ type, resolve: settle });
    });
  const send = (message: object) => socket.receive(JSON.stringify(message));
  send({ type: "register", token: res.json().token });
  const registered = await next("registered");
  return { identity: registered.identity, next, send, close: () => socket.close() };
}

import type { CarrierSim } from "@poundline/carrier-sim";
import { expect } from "vitest";
import type { TestApp } from "../../src/testing";
import { signIn } from "../fixtures";
import { openSoftphone } from "../softphone/helpers";

/**
 * What members do with a call in its room (calls/rooms.ts) in a call scenario, in order: hold,
 * call someone in, drop them, wait for the room to change, hang up. Members who take part answer
 * on live softphones (the simulator's device socket), so they stay on the call until they hang up.
 */
export type RoomStep =
  | { by: string; hold: boolean }
  | { by: string; add: Record<string, string> }
  | { by: string; drop: number }
  | { waitFor: { party: number; status: "calling" | "joined" | "left" } | { held: boolean } }
  | { hangUp: string };

interface Device {
  phone: Awaited<ReturnType<typeof openSoftphone>>;
  /** The calls this device answered, in order: its leg and the caller's call. */
  answered: { leg: string; parent: string | undefined }[];
}

/** Live softphones for these members (keys), each answering every call offered to it. */
export async function liveSoftphones(
  t: TestApp,
  sim: CarrierSim,
  ids: Map<string, string>,
  members: string[],
) {
  const devices = new Map<string, Device>();
  for (const key of members) {
    const phone = await openSoftphone(t, sim, await signIn(t, { id: ids.get(key) ?? "" }));
    const device: Device = { phone, answered: [] };
    void (async () => {
      for (;;) {
        const offered = await phone.next("incoming");
        device.answered.push({
          leg: offered.parameters.CallSid,
          parent: offered.customParameters.ParentCallSid,
        });
        phone.send({ type: "accept", callSid: offered.parameters.CallSid });
      }
    })();
    devices.set(key, device);
  }
  return devices;
}

type Room = { held: boolean; parties: { callSid: string; status: string }[] };

/** Runs the steps once the first member has answered; returns the room as it ended. */
export async function runRoomSteps(
  t: TestApp,
  ids: Map<string, string>,
  devices: Map<string, Device>,
  steps: RoomStep[],
): Promise<Room | null> {
  const first = steps.find((step): step is Extract<RoomStep, { by: string }> => "by" in step);
  const taker = devices.get(first?.by ?? "");
  if (!taker) throw new Error("a room step's member has no softphone in the scenario");
  await expect.poll(() => taker.answered.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const { leg, parent } = taker.answered[0] ?? { leg: "", parent: "" };
  const member = await signIn(t, { id: ids.get(first?.by ?? "") ?? "" });
  const api = (method: "GET" | "POST" | "DELETE", path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/calls/${parent}${path}`,
      headers: member.headers,
      ...(payload ? { payload } : {}),
    });
  const room = async (): Promise<Room | null> => {
    const res = await api("GET", "/room");
    return res.statusCode === 200 ? res.json() : null;
  };
  for (const step of steps) {
    if ("hold" in step)
      expect((await api("POST", "/hold", { legCallSid: leg, hold: step.hold })).statusCode).toBe(200);
    else if ("add" in step) {
      const target = Object.fromEntries(
        Object.entries(step.add).map(([field, value]) => [
          field,
          field === "kind" ? value : (ids.get(value) ?? value),
        ]),
      );
      const res = await api("POST", "/parties", { legCallSid: leg, target });
      expect(res.statusCode, res.body).toBe(201);
    } else if ("drop" in step) {
      const party = (await room())?.parties[step.drop];
      expect((await api("DELETE", `/parties/${party?.callSid}`)).statusCode).toBe(200);
    } else if ("waitFor" in step) {
      const want = step.waitFor;
      await expect
        .poll(
          async () => {
            const now = await room();
            return "held" in want ? now?.held : now?.parties[want.party]?.status;
          },
          { timeout: 10_000 },
        )
        .toBe("held" in want ? want.held : want.status);
    } else {
      const device = devices.get(step.hangUp);
      const call = device?.answered.at(-1);
      device?.phone.send({ type: "hangup", callSid: call?.leg ?? "" });
    }
  }
  return room();
}

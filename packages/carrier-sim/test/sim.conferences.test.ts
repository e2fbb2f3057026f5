/**
 * Conferences through the official carrier client: participants called into a room, held,
 * removed, and the room ended, as the console's hold and transfers will use them.
 */
import { describe, expect, it } from "vitest";
import { scriptSoftphone } from "../src/index";
import { serveSimOverHttp } from "./fixtures/served-sim";

const served = serveSimOverHttp();
const { sim, validators, api } = served;
const OURS = "+18005550100";

const inRoom = (name: string) => sim.conferences.participants(name).map((p) => p.callSid);

describe("a conference room", () => {
  it("takes participants called in, holds and removes one, and ends with its host", async () => {
    scriptSoftphone(sim, "alice", { answer: "accept" });
    scriptSoftphone(sim, "bob", { answer: "accept" });
    const host = await served.client
      .conferences("room-1")
      .participants.create({ from: OURS, to: "client:alice", endConferenceOnExit: true, label: "host" });
    expect(host).toMatchObject({ status: "queued", label: "host", endConferenceOnExit: true });
    await expect.poll(() => inRoom("room-1")).toEqual([host.callSid]);
    const guest = await served.client
      .conferences("room-1")
      .participants.create({ from: OURS, to: "client:bob" });
    await expect.poll(() => inRoom("room-1")).toEqual([host.callSid, guest.callSid]);

    const room = sim.conferences.find("room-1");
    const fetched = await api(`/Conferences/${room?.sid}.json`);
    const body = await fetched.json();
    const valid = validators.response("fetchConference");
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    expect(body).toMatchObject({ friendly_name: "room-1", status: "in-progress" });

    const held = await served.client
      .conferences(room?.sid ?? "")
      .participants(guest.callSid)
      .update({ hold: true, holdUrl: "https://music.example/hold.mp3" });
    expect(held.hold).toBe(true);
    expect(sim.conferences.participant("room-1", guest.callSid)).toMatchObject({
      hold: true,
      holdUrl: "https://music.example/hold.mp3",
    });

    await served.client
      .conferences(room?.sid ?? "")
      .participants(guest.callSid)
      .remove();
    await expect.poll(() => inRoom("room-1")).toEqual([host.callSid]);

    await served.client.conferences(room?.sid ?? "").update({ status: "completed" });
    await sim.idle();
    expect(sim.conferences.find(room?.sid ?? "")?.status).toBe("completed");
    const calls = sim.calls().filter((c) => [host.callSid, guest.callSid].includes(c.sid));
    expect(calls.map((c) => [c.to, c.status])).toEqual([
      ["client:alice", "completed"],
      ["client:bob", "completed"],
    ]);
    const hostVerbs = calls[0]?.transcript?.verbs.map((v) => v.outcome);
    expect(hostVerbs).toContain("conference room-1: conference-ended");
  });

  it("refuses a participant without From or To, and answers 404 for a room it does not have", async () => {
    const missing = await api("/Conferences/room-2/Participants.json", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ From: OURS }).toString(),
    });
    expect(missing.status).toBe(400);
    const unknown = await api(`/Conferences/CF${"0".repeat(32)}.json`);
    expect(unknown.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { assignSeats, type SeatCaller, seatNumbers } from "../src/queue-seats";

const ALL = Number.POSITIVE_INFINITY;
/** A caller waiting with nobody rung, offered `candidates` in that order. */
const waiting = (id: string, candidates: string[], perOffer = 1): SeatCaller => ({
  id,
  ringing: null,
  candidates,
  perOffer,
});
/** A caller being rung for on `ringing`. */
const hunting = (id: string, ringing: string[], candidates: string[] = []): SeatCaller => ({
  id,
  ringing,
  candidates,
  perOffer: 1,
});
const ABC = ["a", "b", "c"];

describe("seats offered to a line of callers", () => {
  const cases: [string, SeatCaller[], string[], Record<string, string[]>][] = [
    ["nobody waiting: nothing offered", [], [], {}],
    ["one caller, sequential: the first free seat", [waiting("c1", ABC)], [], { c1: ["a"] }],
    [
      "one caller, simultaneous: every free seat, as before queues shared them",
      [waiting("c1", ABC, ALL)],
      [],
      { c1: ["a", "b", "c"] },
    ],
    [
      "two callers, two members (sequential): one each, the first caller first",
      [waiting("c1", ["a", "b"]), waiting("c2", ["a", "b"])],
      [],
      { c1: ["a"], c2: ["b"] },
    ],
    [
      "three callers, three members (round robin at their turns): one each, each on their own turn",
      [waiting("c1", ["a", "b", "c"]), waiting("c2", ["b", "c", "a"]), waiting("c3", ["c", "a", "b"])],
      [],
      { c1: ["a"], c2: ["b"], c3: ["c"] },
    ],
    [
      "round robin, turns that clash: the longer waiting takes the seat, the next their next one",
      [waiting("c1", ["b", "c", "a"]), waiting("c2", ["b", "c", "a"])],
      [],
      { c1: ["b"], c2: ["c"] },
    ],
    [
      "more callers than free seats: the longest waiting are rung for, the rest wait",
      [waiting("c1", ["a", "b"]), waiting("c2", ["a", "b"]), waiting("c3", ["a", "b"])],
      [],
      { c1: ["a"], c2: ["b"] },
    ],
    [
      "simultaneous, two callers, three seats: dealt in turns, the head caller gets the extra one",
      [waiting("c1", ABC, ALL), waiting("c2", ABC, ALL)],
      [],
      { c1: ["a", "c"], c2: ["b"] },
    ],
    [
      "a seat on a call is offered to nobody",
      [waiting("c1", ABC), waiting("c2", ABC)],
      ["a"],
      { c1: ["b"], c2: ["c"] },
    ],
    [
      "seats rung for a caller ahead are not offered behind them",
      [hunting("c1", ["a", "b"]), waiting("c2", ABC, ALL)],
      [],
      { c2: ["c"] },
    ],
    [
      "a caller who was rung on every free seat waits; the one behind takes them",
      [waiting("c1", ["b"]), waiting("c2", ABC)],
      ["b"],
      { c2: ["a"] },
    ],
    ["every seat busy: nobody is rung for", [hunting("c1", ["a"]), waiting("c2", ["a", "b"])], ["b"], {}],
    [
      "a callback keeps its place like any caller",
      [waiting("cb", ["a", "b"]), waiting("c2", ["a", "b"])],
      [],
      { cb: ["a"], c2: ["b"] },
    ],
  ];

  it.each(cases)("%s", (_name, line, onCall, expected) => {
    const offers = assignSeats(line, new Set(onCall));
    expect(Object.fromEntries(offers)).toEqual(expected);
    // The offers come in the line's order.
    expect([...offers.keys()]).toEqual(line.map((c) => c.id).filter((id) => offers.has(id)));
  });
});

describe("seatNumbers", () => {
  it("lists the seats' numbers in their order, each once", () => {
    const seats = [
      { key: "a", numbers: ["+1305555001", "client:acct_usr_a"] },
      { key: "b", numbers: ["+1305555002", "+1305555001"] },
    ];
    expect(seatNumbers(seats, ["b", "a"])).toEqual(["+1305555002", "+1305555001", "client:acct_usr_a"]);
    expect(seatNumbers(seats, ["z"])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import {
  initialRelayState,
  type RelayEvent,
  type RelayFlowConfig,
  type RelayFlowState,
  type RelayStep,
  relayBackoffMs,
  stepOutboxRelay,
} from "../src/outbox-relay-flow";

const config: RelayFlowConfig = {
  batchSize: 10,
  pollIntervalMs: 1000,
  gatherMs: 5,
  backoff: { minMs: 500, maxMs: 30_000 },
};
const boom = new Error("queue unreachable");
const at = (phase: RelayFlowState["phase"], failures = 0): RelayFlowState => ({ phase, failures });

describe("stepOutboxRelay", () => {
  const cases: [string, RelayFlowState, RelayEvent, RelayStep, Partial<RelayFlowConfig>?][] = [
    [
      "starting relays a batch at once",
      initialRelayState,
      { type: "start" },
      { state: at("relaying"), commands: [{ type: "relay-batch" }] },
    ],
    [
      "starting twice changes nothing",
      at("polling"),
      { type: "start" },
      { state: at("polling"), commands: [] },
    ],
    [
      "a full batch is followed by another at once",
      at("relaying"),
      { type: "relayed", count: 10 },
      { state: at("relaying"), commands: [{ type: "relay-batch" }] },
    ],
    [
      "a partial batch sleeps until the poll interval or a wake-up",
      at("relaying"),
      { type: "relayed", count: 3 },
      { state: at("polling"), commands: [{ type: "sleep", ms: 1000, wakeable: true }] },
    ],
    [
      "after the poll sleep, a gather lets the rest of a burst commit",
      at("polling"),
      { type: "slept" },
      { state: at("gathering"), commands: [{ type: "sleep", ms: 5, wakeable: false }] },
    ],
    [
      "without a gather, the poll sleep is followed by a batch",
      at("polling"),
      { type: "slept" },
      { state: at("relaying"), commands: [{ type: "relay-batch" }] },
      { gatherMs: 0 },
    ],
    [
      "after the gather, a batch",
      at("gathering"),
      { type: "slept" },
      { state: at("relaying"), commands: [{ type: "relay-batch" }] },
    ],
    [
      "a first failure is logged and backs off from the minimum, jittered",
      at("relaying"),
      { type: "relay-failed", error: boom, jitter: 0.5 },
      {
        state: at("backing-off", 1),
        commands: [
          { type: "warn-cannot-enqueue", error: boom, failures: 1, retryInMs: 375 },
          { type: "sleep", ms: 375, wakeable: false },
        ],
      },
    ],
    [
      "a second failure doubles the back-off, unlogged",
      at("relaying", 1),
      { type: "relay-failed", error: boom, jitter: 0 },
      { state: at("backing-off", 2), commands: [{ type: "sleep", ms: 500, wakeable: false }] },
    ],
    [
      "every tenth failure is logged, the back-off at its ceiling",
      at("relaying", 9),
      { type: "relay-failed", error: boom, jitter: 0.999 },
      {
        state: at("backing-off", 10),
        commands: [
          { type: "warn-cannot-enqueue", error: boom, failures: 10, retryInMs: 29_985 },
          { type: "sleep", ms: 29_985, wakeable: false },
        ],
      },
    ],
    [
      "after a back-off, a batch, the failures kept",
      at("backing-off", 3),
      { type: "slept" },
      { state: at("relaying", 3), commands: [{ type: "relay-batch" }] },
    ],
    [
      "a batch relayed after failures says the relay caught up",
      at("relaying", 3),
      { type: "relayed", count: 0 },
      {
        state: at("polling"),
        commands: [
          { type: "info-caught-up", failures: 3 },
          { type: "sleep", ms: 1000, wakeable: true },
        ],
      },
    ],
    [
      "stopping stops in any phase",
      at("backing-off", 2),
      { type: "stop" },
      { state: at("stopped", 2), commands: [] },
    ],
    [
      "a batch that ends after stopping sets nothing off",
      at("stopped"),
      { type: "relayed", count: 10 },
      { state: at("stopped"), commands: [] },
    ],
  ];

  it.each(cases)("%s", (_, state, event, expected, overrides) => {
    expect(stepOutboxRelay(state, event, { ...config, ...overrides })).toEqual(expected);
  });
});

describe("relayBackoffMs", () => {
  it.each([
    [1, 0, 250],
    [1, 0.5, 375],
    [2, 0, 500],
    [3, 0.5, 1500],
    [7, 0, 15_000],
    [8, 0, 15_000],
    [20, 0.5, 22_500],
  ])("after %i failures, jitter %d: %i ms", (failures, jitter, ms) => {
    expect(relayBackoffMs(failures, config.backoff, jitter)).toBe(ms);
  });
});

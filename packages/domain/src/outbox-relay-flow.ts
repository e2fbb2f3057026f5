/**
 * The outbox relay's loop as a pure step: what it does next, given what just happened. Its
 * executor (the workers' outbox relay) runs the commands — a batch relayed from the outbox to
 * the queue, a sleep, a log line — and feeds back what came of them.
 *
 * The loop: relay a batch; a full batch is followed by another at once, a partial one by a sleep
 * until the poll interval or a wake-up (a committed outbox row), then a short gather so the rest
 * of a burst goes in the same batch. A batch that fails (the queue unreachable) is retried after
 * a back-off, doubling from `minMs` up to `maxMs`, jittered; only stopping ends a back-off early.
 */

export interface RelayFlowConfig {
  batchSize: number;
  pollIntervalMs: number;
  gatherMs: number;
  backoff: { minMs: number; maxMs: number };
}

export type RelayPhase = "stopped" | "relaying" | "polling" | "gathering" | "backing-off";

export interface RelayFlowState {
  phase: RelayPhase;
  /** Batches failed in a row. */
  failures: number;
}

export type RelayEvent =
  | { type: "start" }
  | { type: "stop" }
  | { type: "relayed"; count: number }
  /** `jitter`: a random number in [0, 1), so the step stays pure. */
  | { type: "relay-failed"; error: unknown; jitter: number }
  /** The sleep ended: its time passed, or (a wakeable one) the relay was woken. */
  | { type: "slept" };

export type RelayCommand =
  | { type: "relay-batch" }
  /** `wakeable`: a wake-up ends it early (a back-off and a gather only end with stopping). */
  | { type: "sleep"; ms: number; wakeable: boolean }
  | { type: "warn-cannot-enqueue"; error: unknown; failures: number; retryInMs: number }
  | { type: "info-caught-up"; failures: number };

export interface RelayStep {
  state: RelayFlowState;
  commands: RelayCommand[];
}

export const initialRelayState: RelayFlowState = { phase: "stopped", failures: 0 };

/** The back-off before the next try after `failures` failed batches in a row: half to all of the ceiling. */
export function relayBackoffMs(
  failures: number,
  backoff: RelayFlowConfig["backoff"],
  jitter: number,
): number {
  const ceiling = Math.min(backoff.maxMs, backoff.minMs * 2 ** (failures - 1));
  return Math.floor(ceiling / 2 + (jitter * ceiling) / 2);
}

const relay = (failures: number): RelayStep => ({
  state: { phase: "relaying", failures },
  commands: [{ type: "relay-batch" }],
});

export function stepOutboxRelay(
  state: RelayFlowState,
  event: RelayEvent,
  config: RelayFlowConfig,
): RelayStep {
  if (event.type === "stop") return { state: { ...state, phase: "stopped" }, commands: [] };
  if (event.type === "start")
    return state.phase === "stopped" ? relay(state.failures) : { state, commands: [] };
  // Whatever was in hand when the relay stopped reports to a loop that is over.
  if (state.phase === "stopped") return { state, commands: [] };

  switch (event.type) {
    case "relayed": {
      const commands: RelayCommand[] = [];
      if (state.failures > 0) commands.push({ type: "info-caught-up", failures: state.failures });
      if (event.count >= config.batchSize) {
        const next = relay(0);
        return { state: next.state, commands: [...commands, ...next.commands] };
      }
      commands.push({ type: "sleep", ms: config.pollIntervalMs, wakeable: true });
      return { state: { phase: "polling", failures: 0 }, commands };
    }
    case "relay-failed": {
      const failures = state.failures + 1;
      const delay = relayBackoffMs(failures, config.backoff, event.jitter);
      const commands: RelayCommand[] = [];
      // Failures repeat while the queue is down: the first and every tenth are logged.
      if (failures === 1 || failures % 10 === 0) {
        commands.push({ type: "warn-cannot-enqueue", error: event.error, failures, retryInMs: delay });
      }
      commands.push({ type: "sleep", ms: delay, wakeable: false });
      return { state: { phase: "backing-off", failures }, commands };
    }
    case "slept":
      if (state.phase === "polling" && config.gatherMs > 0) {
        return {
          state: { ...state, phase: "gathering" },
          commands: [{ type: "sleep", ms: config.gatherMs, wakeable: false }],
        };
      }
      return relay(state.failures);
  }
}

/** Transcripts in words, for people at a terminal (the CLI, `json: false` on the control endpoints). */
import type { CallTranscript, TextTranscript, VerbExecution, WebhookExchange } from "./transcript";

/** Parameters worth a glance for each kind of request; the rest is in the JSON transcript. */
const SHOWN: Record<WebhookExchange["kind"], string[]> = {
  voice: ["CallStatus"],
  "gather-action": ["Digits", "SpeechResult"],
  "dial-action": ["DialCallStatus", "DialCallDuration", "RecordingUrl"],
  "record-action": ["RecordingUrl", "RecordingDuration", "Digits"],
  redirect: [],
  "enqueue-wait": ["QueueTime"],
  "enqueue-action": ["QueueResult", "QueueTime"],
  "call-status": ["CallStatus", "SequenceNumber", "CallDuration"],
  "conference-status": ["FriendlyName", "StatusCallbackEvent", "CallSid"],
  "recording-status": ["RecordingStatus", "RecordingDuration"],
  transcription: ["TranscriptionStatus", "TranscriptionText"],
  sms: ["Body"],
  "sms-redirect": [],
  "message-status": ["MessageStatus", "ErrorCode"],
};

/** Callbacks arrive after the call (see CarrierSim.placeCall): listed apart from the call's own steps. */
const CALLBACKS = new Set<WebhookExchange["kind"]>(["call-status", "recording-status", "transcription"]);

const attrs = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join("");

const time = (seconds: number) => `${String(seconds).padStart(5)}s`;

function webhookLine(exchange: WebhookExchange): string {
  const shown = SHOWN[exchange.kind]
    .filter((name) => exchange.params[name] !== undefined)
    .map((name) => `${name}=${JSON.stringify(exchange.params[name])}`)
    .join(" ");
  const answer =
    exchange.status === 0 ? `unreachable (${exchange.error ?? "no answer"})` : String(exchange.status);
  return `${time(exchange.at)}  → ${exchange.kind} ${exchange.method} ${exchange.url}${shown ? ` ${shown}` : ""}  ← ${answer}`;
}

function verbLine(verb: VerbExecution): string {
  const indent = verb.nested ? "      " : "    ";
  const text = verb.text ? ` ${verb.verb === "Say" ? JSON.stringify(verb.text) : verb.text}` : "";
  const outcome = verb.outcome ? `  ⇒ ${verb.outcome}` : "";
  return `${time(verb.at)}${indent}<${verb.verb}${attrs(verb.attributes)}>${text}${outcome}`;
}

export function renderCallTranscript(call: CallTranscript): string {
  const dialled = call.dialled !== call.to ? `${call.dialled} (${call.to})` : call.to;
  const lines = [`Call ${call.callSid} ${call.direction}: ${call.from} → ${dialled}`];
  const isCallback = (exchange: WebhookExchange) => CALLBACKS.has(exchange.kind);
  const steps: Array<{ seq: number; line: string }> = [
    ...call.webhooks
      .filter((exchange) => !isCallback(exchange))
      .map((exchange) => ({ seq: exchange.seq, line: webhookLine(exchange) })),
    ...call.verbs.map((verb) => ({ seq: verb.seq, line: verbLine(verb) })),
  ].sort((a, b) => a.seq - b.seq);
  for (const { line } of steps) lines.push(line);
  for (const error of call.errors) lines.push(`${time(error.at)}  ! ${error.code} ${error.message}`);
  for (const recording of call.recordings) {
    const transcription = recording.transcription
      ? `, transcription ${recording.transcription.status}${recording.transcription.text ? `: ${JSON.stringify(recording.transcription.text)}` : ""}`
      : "";
    lines.push(`  recording ${recording.sid} ${recording.durationSeconds}s ${recording.url}${transcription}`);
  }
  const where = call.ended.url ? ` in ${call.ended.url}` : "";
  const detail = call.ended.detail ? ` (${call.ended.detail})` : "";
  lines.push(
    `${time(call.ended.at)}  ended: ${call.ended.reason}${detail}${where}; status ${call.status}, duration ${call.durationSeconds}s`,
  );
  const after = call.webhooks.filter(isCallback);
  if (after.length > 0) {
    lines.push("  callbacks after the call:");
    for (const exchange of after) lines.push(webhookLine(exchange));
  }
  if (call.spoken.length > 0) {
    lines.push("  spoken:");
    for (const text of call.spoken) lines.push(`    ${JSON.stringify(text)}`);
  }
  return lines.join("\n");
}

export function renderTextTranscript(text: TextTranscript): string {
  const dialled = text.dialled !== text.to ? `${text.dialled} (${text.to})` : text.to;
  const lines = [`Text ${text.messageSid}: ${text.from} → ${dialled}: ${JSON.stringify(text.body)}`];
  for (const exchange of text.webhooks) lines.push(webhookLine(exchange));
  for (const error of text.errors) lines.push(`  ! ${error.code} ${error.message}`);
  for (const reply of text.replies) {
    lines.push(`  reply ${reply.sid} → ${reply.to}: ${JSON.stringify(reply.body)} (${reply.status})`);
  }
  if (text.replies.length === 0) lines.push("  no reply");
  return lines.join("\n");
}

/** The carrier's JSON representation of the resources the sim keeps. */
import { formatNational } from "./phone";
import type { SimCall, StoredRecording } from "./sim";
import { rfc2822 } from "./time";
import type { OutboundMessage } from "./transcript";
import type { SimTranscription } from "./transcriptions";

const date = (value: Date | null) => (value ? rfc2822(value) : null);

export function messageResource(accountPath: string, accountSid: string, message: OutboundMessage) {
  const uri = `${accountPath}/Messages/${message.sid}`;
  return {
    account_sid: accountSid,
    api_version: "2010-04-01",
    body: message.body,
    date_created: rfc2822(message.dateCreated),
    date_sent: date(message.dateSent),
    date_updated: rfc2822(message.dateUpdated),
    direction: message.direction,
    error_code: message.errorCode,
    error_message: message.errorMessage,
    from: message.from,
    messaging_service_sid: null,
    num_media: String(message.mediaUrls.length),
    num_segments: String(message.numSegments),
    price: null,
    price_unit: "USD",
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: `${uri}/Media.json` },
    to: message.to,
    uri: `${uri}.json`,
  };
}

export function callResource(accountPath: string, accountSid: string, call: SimCall) {
  const uri = `${accountPath}/Calls/${call.sid}`;
  const sub = (name: string) => `${uri}/${name}.json`;
  return {
    account_sid: accountSid,
    answered_by: null,
    api_version: "2010-04-01",
    caller_name: null,
    date_created: rfc2822(call.dateCreated),
    date_updated: rfc2822(call.dateUpdated),
    direction: call.direction,
    duration: call.durationSeconds === null ? null : String(call.durationSeconds),
    end_time: date(call.endTime),
    forwarded_from: null,
    from: call.from,
    from_formatted: formatNational(call.from),
    group_sid: null,
    parent_call_sid: call.parentCallSid ?? null,
    phone_number_sid: null,
    price: null,
    price_unit: "USD",
    queue_time: "0",
    sid: call.sid,
    start_time: date(call.startTime),
    status: call.status,
    subresource_uris: {
      notifications: sub("Notifications"),
      recordings: sub("Recordings"),
      payments: sub("Payments"),
      events: sub("Events"),
      siprec: sub("Siprec"),
      streams: sub("Streams"),
      transcriptions: sub("Transcriptions"),
      user_defined_message_subscriptions: sub("UserDefinedMessageSubscriptions"),
      user_defined_messages: sub("UserDefinedMessages"),
    },
    to: call.to,
    to_formatted: formatNational(call.to),
    trunk_sid: null,
    uri: `${uri}.json`,
  };
}

export function recordingResource(
  accountPath: string,
  accountSid: string,
  mediaUrl: string,
  recording: StoredRecording,
) {
  const uri = `${accountPath}/Recordings/${recording.sid}`;
  return {
    account_sid: accountSid,
    api_version: "2010-04-01",
    call_sid: recording.callSid,
    channels: 1,
    conference_sid: null,
    date_created: rfc2822(recording.dateCreated),
    date_updated: rfc2822(recording.dateCreated),
    duration: String(recording.durationSeconds),
    encryption_details: null,
    error_code: null,
    media_url: mediaUrl,
    price: null,
    price_unit: "USD",
    sid: recording.sid,
    source: recording.source,
    start_time: rfc2822(recording.startTime),
    status: "completed",
    subresource_uris: {
      add_on_results: `${uri}/AddOnResults.json`,
      transcriptions: `${uri}/Transcriptions.json`,
    },
    uri: `${uri}.json`,
  };
}

/** A list answer's one page (the sim answers every list in one page): its items under `key`. */
export function onePage<K extends string, T>(key: K, items: T[], uri: string, pageSize: number) {
  return {
    [key]: items,
    end: Math.max(items.length - 1, 0),
    first_page_uri: `${uri}?PageSize=${pageSize}&Page=0`,
    next_page_uri: null,
    page: 0,
    page_size: pageSize,
    previous_page_uri: null,
    start: 0,
    uri: `${uri}?PageSize=${pageSize}`,
  } as Record<K, T[]> & {
    end: number;
    first_page_uri: string;
    next_page_uri: null;
    page: number;
    page_size: number;
    previous_page_uri: null;
    start: number;
    uri: string;
  };
}

/** A real-time transcription, as `POST Calls/{CallSid}/Transcriptions.json` answers it. */
export function transcriptionResource(
  accountPath: string,
  accountSid: string,
  transcription: SimTranscription,
) {
  return {
    sid: transcription.sid,
    account_sid: accountSid,
    call_sid: transcription.callSid,
    name: transcription.name,
    status: transcription.status,
    date_updated: rfc2822(transcription.dateUpdated),
    uri: `${accountPath}/Calls/${transcription.callSid}/Transcriptions/${transcription.sid}.json`,
  };
}

import { type CarrierClientOptions, carrierError, carrierRest } from "./client";

/** What the carrier is asked to transcribe of a call, and where its events go. */
export interface TranscriptionRequest {
  /** Our StatusCallbackUrl: the carrier posts transcription-started, -content and -stopped there. */
  statusCallbackUrl: string;
  /** BCP-47; the carrier's default is en-US. */
  languageCode?: string;
}

/** The carrier's real-time transcription of calls in progress. */
export interface CarrierTranscriptions {
  /**
   * Asks the carrier to transcribe both tracks of a call in progress, final results only; resolves
   * with its TranscriptionSid. Throws the carrier's error (a call that ended, say).
   */
  startTranscription(callSid: string, request: TranscriptionRequest): Promise<{ sid: string }>;
}

/** `POST /2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}/Transcriptions.json` through the twilio package. */
export function createCarrierTranscriptions(options: CarrierClientOptions): CarrierTranscriptions {
  const rest = carrierRest(options);
  return {
    async startTranscription(callSid, request) {
      try {
        const created = await rest.calls(callSid).transcriptions.create({
          track: "both_tracks",
          statusCallbackUrl: request.statusCallbackUrl,
          statusCallbackMethod: "POST",
          inboundTrackLabel: "inbound",
          outboundTrackLabel: "outbound",
          partialResults: false,
          languageCode: request.languageCode ?? "en-US",
        });
        return { sid: created.sid };
      } catch (err) {
        throw carrierError(err);
      }
    },
  };
}

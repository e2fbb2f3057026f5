import twilio from "twilio";
import { type CarrierClientOptions, carrierError, carrierRest } from "./client";

/** The carrier's copies of recordings: deleted once ours is stored. */
export interface CarrierRecordings {
  /**
   * Deletes a recording at the carrier: true once it is gone (deleted now, or already), false
   * when there is no carrier to ask (the workers apart from the API without a carrier account).
   */
  deleteRecording(sid: string): Promise<boolean>;
}

/** `DELETE /2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json` through the twilio package. */
export function createCarrierRecordings(options: CarrierClientOptions): CarrierRecordings {
  const rest = carrierRest(options);
  return {
    async deleteRecording(sid) {
      try {
        await rest.recordings(sid).remove();
        return true;
      } catch (err) {
        // Gone already (an earlier run deleted it): what was asked.
        if (err instanceof twilio.RestException && err.status === 404) return true;
        throw carrierError(err);
      }
    },
  };
}

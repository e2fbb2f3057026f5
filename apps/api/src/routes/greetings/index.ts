import type { FastifyInstance } from "fastify";
import { endpointRoutes } from "../../http/contract-route";
import { acceptAudioUploads } from "../../http/uploaded-audio";
import { callExtension } from "./call-extension";
import { callIvrMenu } from "./call-ivr-menu";
import { callNumber } from "./call-number";
import { getCall } from "./get-call";
import { list } from "./list";
import { removeExtension } from "./remove-extension";
import { removeNumber } from "./remove-number";
import { setExtensionText } from "./set-extension-text";
import { setNumberText } from "./set-number-text";
import { uploadExtensionAudio } from "./upload-extension-audio";
import { uploadNumberAudio } from "./upload-number-audio";

/**
 * Greetings of numbers (voicemail, after hours) and extensions (voicemail), mounted under /api:
 * one file per endpoint, the work shared in shared.ts. Every change recompiles the routing tables.
 * Record by phone: the carrier calls the member (the call's webhooks: carrier/greeting-call-routes.ts).
 * The uploads take audio bodies, parsed in this scope only.
 */
export async function greetingRoutes(app: FastifyInstance) {
  acceptAudioUploads(app);
  await app.register(
    endpointRoutes(
      list,
      setNumberText,
      uploadNumberAudio,
      removeNumber,
      setExtensionText,
      uploadExtensionAudio,
      removeExtension,
      callNumber,
      callExtension,
      callIvrMenu,
      getCall,
    ),
  );
}

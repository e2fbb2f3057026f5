export { type VoiceGrantClaims, verifyAccessToken } from "./access-token";
export { readWavInfo, silentMp3, toneWav, type WavInfo } from "./audio";
export type { ControlErrorBody, NumberScope } from "./control";
export { arrangeCallbacks, type CallbackDelivery } from "./delivery";
export type { DeviceCallParameters, DeviceMessage, SimDeviceMessage } from "./device-protocol";
export { type DeviceLink, DeviceRegistry, type LiveTalk } from "./devices";
export {
  bundledSpecPath,
  bundledSubsetPath,
  type CarrierDescription,
  createSpecValidators,
  DESCRIPTION_HOSTS,
  defaultSpecPath,
  fullSpecPath,
  loadCarrierSpec,
  type OperationId,
  SIM_OPERATIONS,
  type SpecValidators,
} from "./openapi";
export { formatNational, isPhoneNumber, toE164 } from "./phone";
export { type QueuedCaller, QueueRegistry } from "./queues";
export { type Decision as RegistrationDecision, registrationsOf } from "./registrations";
export { renderCallTranscript, renderTextTranscript } from "./render";
export { CarrierSimRequestClient, type CarrierSimRequestClientOptions } from "./request-client";
export { type CarrierErrorBody, type CarrierSimPluginOptions, carrierSimPlugin } from "./rest";
export { type HttpMethod, signedJsonWebhook, signedWebhook, type WebhookRequest } from "./signing";
export {
  type CalleeScript,
  type CallUpdate,
  CarrierSim,
  CarrierSimError,
  type CarrierSimOptions,
  type CreateCallInput,
  type CreateMessageInput,
  createCarrierSim,
  type NumberConfig,
  type NumberDirectory,
  type PlaceCallRequest,
  type SendTextRequest,
  type SimCall,
  type StoredRecording,
  type TwimlApplication,
} from "./sim";
export { attachSoftphone, type SoftphoneScript, type SoftphoneSocket, scriptSoftphone } from "./softphones";
export type { CallProgressEvent, TextOutcome } from "./status-callbacks";
export { createVirtualClock, type SimClock, type VirtualClock } from "./time";
export type * from "./transcript";
export { hearCall, type SimTranscription } from "./transcriptions";
export {
  fetchTransport,
  type InjectTarget,
  injectTransport,
  type WebhookResponse,
  type WebhookTransport,
} from "./transport";
export type { CallerScript, CallLimits, DialScript, Utterance } from "./twiml-runner";

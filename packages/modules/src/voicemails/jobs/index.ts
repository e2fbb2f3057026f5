export { type CarrierAccess, downloadRecording, recordingWavUrl } from "../../recordings/download";
export { VOICEMAIL_TEMPLATE, type VoicemailMessageInput, voicemailEmail, voicemailText } from "./message";
export {
  type ProcessVoicemailPayload,
  processVoicemail,
  type VoicemailPorts,
} from "./process-voicemail";
export { type VoicemailDeps, voicemailProcessor } from "./processor";
export {
  createTranscriber,
  DEFAULT_TRANSCRIPTION_MODEL,
  type RecordingAudio,
  type Transcriber,
  type TranscriberConfig,
  type TranscriptionOutcome,
  type TranscriptionProvider,
  transcriberConfigFromEnv,
} from "./transcriber";

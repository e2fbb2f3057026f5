/**
 * Every storage key the product writes, in one place. A customer's files live under their
 * account (`accounts/<accountId>/...`), so an account's files can be listed, counted or removed
 * together; avatars belong to a person, who may be in several accounts (`users/<userId>/...`).
 */
export const storageKeys = {
  voicemail: (accountId: string, recordingSid: string) =>
    `accounts/${accountId}/voicemails/${recordingSid}.wav`,
  callRecording: (accountId: string, recordingSid: string) =>
    `accounts/${accountId}/call-recordings/${recordingSid}.wav`,
  holdMusic: (accountId: string, file: string) => `accounts/${accountId}/hold-music/${file}`,
  ivrGreeting: (accountId: string, file: string) => `accounts/${accountId}/ivr-greetings/${file}`,
  greeting: (accountId: string, file: string) => `accounts/${accountId}/greetings/${file}`,
  supportAttachment: (accountId: string, ticketId: string, attachmentId: string, extension: string) =>
    `accounts/${accountId}/support-attachments/${ticketId}/${attachmentId}.${extension}`,
  bundleDocument: (accountId: string, bundleFile: string, extension: string) =>
    `accounts/${accountId}/bundle-documents/${bundleFile}.${extension}`,
  portInLetter: (accountId: string, requestId: string) =>
    `accounts/${accountId}/port-in-letters/${requestId}.pdf`,
  avatar: (userId: string, file: string) => `users/${userId}/avatars/${file}`,
};

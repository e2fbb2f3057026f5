export const smsPaths = {
  incoming: "/twilio/sms",
  status: "/twilio/sms/status",
} as const;

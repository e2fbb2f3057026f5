export const UNKNOWN_STATUS = "Unknown status.";

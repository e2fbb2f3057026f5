/** A call's status as the console shows it: a call the account's gate turned away is "Refused". */
export const callStatusLabel = (status: string) =>
  status === "refused" ? "Refused" : status === "blocked" ? "Blocked" : status.replace("_", " ");

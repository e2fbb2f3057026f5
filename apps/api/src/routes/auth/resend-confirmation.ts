import { authEndpoints } from "@poundline/contracts/auth/endpoints";
import { authMessages } from "@poundline/contracts/auth/schemas";
import { portsOf } from "@poundline/modules/auth/ports";
import { resendConfirmation as resendConfirmationEmail } from "@poundline/modules/auth/registration";
import { handle } from "../../http/contract-route";

/** Requests per client address to "resend the confirmation e-mail". */
export const RESEND_CONFIRMATION_RATE_LIMIT = { max: 5, timeWindow: "1 minute" } as const;

// From the sign-in page's "Email Not Confirmed": per address at most MAX_CONFIRM_EMAILS_PER_DAY
// links, per client a few requests a minute; the same answer whatever the address.
export const resendConfirmation = handle(
  authEndpoints.resendConfirmation,
  async (request) => {
    await resendConfirmationEmail(portsOf(request), request.body.email);
    return { message: authMessages.confirmationResent };
  },
  { config: { rateLimit: RESEND_CONFIRMATION_RATE_LIMIT } },
);

import { ApiError } from "../../api/errors";
import { toastError } from "../../ui/toast";

/** The card payment provider, named in the seeds' checkout titles ("Stripe Not Configured"). */
export const CARD_PROVIDER = "Stripe";

/**
 * The seeds' checkout toasts: "Stripe Not Configured" (no key or no valid price id, with the
 * API's "API Key or a valid Price ID is missing for this plan."), "Email Missing", else
 * "Checkout Error" with the provider's message.
 */
export function checkoutFailed(error: Error) {
  if (error instanceof ApiError && error.code === "NOT_CONFIGURED")
    toastError(`${CARD_PROVIDER} Not Configured`, error);
  else if (error instanceof ApiError && error.fields.email)
    toastError("Email Missing", error.fields.email[0]);
  else toastError("Checkout Error", error);
}

/** Leaves for Stripe's hosted page (Checkout or the invoice's). */
export function goToStripe({ url }: { url: string }) {
  window.location.assign(url);
}

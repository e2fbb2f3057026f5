import { ApiError } from "../../api/errors";
import { toast } from "../../lib/toast";

/** The card payment provider, named in the seeds' checkout titles ("Stripe Not Configured"). */
export const CARD_PROVIDER = "Stripe";

/**
 * The seeds' checkout toasts: "Stripe Not Configured" (no key or no valid price id, with the
 * API's "API Key or a valid Price ID is missing for this plan."), "Email Missing", else
 * "Checkout Error" with the provider's message.
 */
export function checkoutFailed(error: Error) {
  if (error instanceof ApiError && error.code === "NOT_CONFIGURED")
    toast({ title: `${CARD_PROVIDER} Not Configured`, description: error.message, variant: "destructive" });
  else if (error instanceof ApiError && error.fields.email)
    toast({ title: "Email Missing", description: error.fields.email[0], variant: "destructive" });
  else toast({ title: "Checkout Error", description: error.message, variant: "destructive" });
}

/** Leaves for Stripe's hosted page (Checkout or the invoice's). */
export function goToStripe({ url }: { url: string }) {
  window.location.assign(url);
}

import { create } from "zustand";
import { api } from "../lib/api";
import { type SiteVariant, variantForHost } from "./site";

/** What `GET /api/site` answers: the public settings of this deployment. */
export interface SiteConfig {
  nonprofitDomain: string;
  stripePublishableKey: string | null;
  prices: { subscription: string; nonprofitSubscription: string; walletTopUp: string };
}

interface SiteState {
  variant: SiteVariant;
  config: SiteConfig | null;
  load(): Promise<void>;
}

export const useSite = create<SiteState>((set) => ({
  variant: "standard",
  config: null,
  async load() {
    try {
      const config = await api<SiteConfig>("/api/site");
      set({ config, variant: variantForHost(window.location.hostname, config.nonprofitDomain) });
    } catch {
      // The standard site is the safe default when the settings cannot be read.
      set({ variant: "standard" });
    }
  },
}));

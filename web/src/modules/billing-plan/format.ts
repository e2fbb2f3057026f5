const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents in US currency format ("$1,234.56"), as the wallet shows money. */
export const formatCents = (cents: number) => usd.format(cents / 100);

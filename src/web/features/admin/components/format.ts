const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A stored ISO time as the console shows it. */
export const formatTime = (iso: string) => dateTime.format(new Date(iso));

/** +N / −N coins. */
export const formatCoins = (amount: number) =>
  `${amount > 0 ? "+" : amount < 0 ? "−" : ""}${Math.abs(amount)} Coins`;

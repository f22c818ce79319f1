/** Whether a ban (the admin plugin's fields) is in force at `now`; one with a past expiry is over. */
export function isBanned(
  user: { banned?: boolean | null; banExpires?: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (!user.banned) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > now.getTime();
}

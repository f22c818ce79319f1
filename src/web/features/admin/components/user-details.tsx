import type { AdminUserDetail } from "~/core/api/admin";
import { formatDollars } from "~/core/coins";
import { AppLink } from "~/web/components/ui/app-link";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Words } from "~/web/components/words";
import { adminPaths } from "~/web/config/admin-paths";
import { formatTime } from "./format";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** A user's profile, balance, ban state, referrals and live sessions. */
export function UserDetails({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="E-mail">{user.email}</Field>
            <Field label="User id">
              <code className="text-sm">{user.id}</code>
            </Field>
            <Field label="Balance">{`${user.balance} Coins ($${formatDollars(user.balance)})`}</Field>
            <Field label="Role">
              {user.role === "admin" ? "Administrator" : user.role === "editor" ? "Content editor" : "User"}
            </Field>
            <Field label="E-mail confirmed">{user.emailVerified ? "Yes" : "No"}</Field>
            <Field label="Signed up">{formatTime(user.createdAt)}</Field>
            <Field label="Sign-up IP">{detail.signUpIp ?? "Unknown"}</Field>
            <Field label="Referral code">{detail.referralCode ?? "None"}</Field>
            <Field label="Referred by">
              {detail.referredBy ? (
                <AppLink
                  className="underline underline-offset-4"
                  to={adminPaths.user.getHref(detail.referredBy.id)}
                >
                  {detail.referredBy.email}
                </AppLink>
              ) : (
                "Nobody"
              )}
            </Field>
            <Field label="Status">
              {user.deletedAt ? (
                `Deleted by the account holder on ${formatTime(user.deletedAt)}; balance forfeited`
              ) : user.banned ? (
                <>
                  {`Banned${user.banExpires ? ` until ${formatTime(user.banExpires)}` : ""}: `}
                  <Words text={user.banReason ?? "no reason"} />
                </>
              ) : (
                "Active"
              )}
            </Field>
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{`Sessions (${detail.sessions.length})`}</CardTitle>
          </CardHeader>
          <CardContent>
            {detail.sessions.length === 0 ? (
              <p className="text-muted-foreground">No live sessions.</p>
            ) : (
              <ul className="divide-y text-sm">
                {detail.sessions.map((s) => (
                  <li key={s.id} className="py-2">
                    <p>{`Signed in ${formatTime(s.createdAt)} from ${s.ipAddress ?? "an unknown address"}`}</p>
                    <p className="break-words text-muted-foreground">{s.userAgent ?? "Unknown browser"}</p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{`Referrals (${detail.referrals.length})`}</CardTitle>
          </CardHeader>
          <CardContent>
            {detail.referrals.length === 0 ? (
              <p className="text-muted-foreground">Nobody joined with this user's code.</p>
            ) : (
              <ul className="divide-y text-sm">
                {detail.referrals.map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <AppLink className="underline underline-offset-4" to={adminPaths.user.getHref(r.id)}>
                      {r.email}
                    </AppLink>
                    <span className="text-muted-foreground">{formatTime(r.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

import { UserRound } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { DataCard } from "~/web/features/account/components/data-card";
import { DeleteCard } from "~/web/features/account/components/delete-card";
import { PasswordCard } from "~/web/features/account/components/password-card";
import { SessionsCard } from "~/web/features/account/components/sessions-card";
import { MessageSettingsCard } from "~/web/features/messages/components/message-settings-card";

/** /account (docs/product.md "Your account"): password, sessions, messages, the data download and deletion. */
export function AccountRoute() {
  return (
    <Page title="Account" icon={UserRound} description="Your password, your devices and your data.">
      <SessionGate message="Please log in to manage your account.">
        {(user) => (
          <div className="mx-auto flex max-w-2xl flex-col gap-6">
            <p className="text-center text-sm text-muted-foreground">{`Signed in as ${user.email}`}</p>
            <PasswordCard />
            <SessionsCard userId={user.id} />
            <MessageSettingsCard userId={user.id} />
            <DataCard userId={user.id} />
            <DeleteCard />
          </div>
        )}
      </SessionGate>
    </Page>
  );
}

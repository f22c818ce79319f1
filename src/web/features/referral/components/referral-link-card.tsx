import { Copy } from "lucide-react";
import { useId } from "react";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";

/** Copies the link (docs/product.md) with the notices (docs/product.md). */
async function copyLink(link: string | null) {
  if (!link) {
    notify({ title: "Error", description: "Referral link not available.", variant: "destructive" });
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    notify({ title: "Copied!", description: "Referral link copied to clipboard." });
  } catch {
    notify({
      title: "Error",
      description: "Could not copy the referral link. Select it and copy it yourself.",
      variant: "destructive",
    });
  }
}

/** The user's referral link and code, with Copy. `link` and `code` are null when they could not be loaded. */
export function ReferralLinkCard({ link, code }: { link: string | null; code: string | null }) {
  const linkId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Referral Link</CardTitle>
        <CardDescription>
          Share this link with friends. They sign up with your code already filled in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={linkId}>Referral link</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={linkId}
              readOnly
              value={link ?? ""}
              placeholder="Not available"
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono"
            />
            <Button onClick={() => void copyLink(link)}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
        <p className="text-sm">
          {"Your referral code: "}
          <strong className="font-mono text-base font-bold tracking-widest">{code ?? "Not available"}</strong>
        </p>
      </CardContent>
    </Card>
  );
}

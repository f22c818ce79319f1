import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";

export interface ShownSecret {
  name: string;
  secret: string;
  postbackUrl: string;
  /** A new partner's secret, or a proposed rotation's. */
  rotation: boolean;
}

/**
 * A partner's secret and postback URL, shown once (docs/product.md, "Earning partners"): the server keeps the
 * secret encrypted and never answers it again, so the administrator copies it now.
 */
export function PartnerSecretNotice({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  return (
    <Card role="region" aria-labelledby="partner-secret-heading" className="border-primary">
      <CardHeader>
        <CardTitle as="h2" id="partner-secret-heading" className="text-base">
          {shown.rotation ? `New secret for ${shown.name}` : `${shown.name} is created`}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p role="alert" className="font-semibold">
          The secret is shown only once: copy it now and give it to the partner. It cannot be shown again.
        </p>
        <dl className="grid gap-2">
          <div>
            <dt className="text-muted-foreground">Secret</dt>
            <dd className="break-all font-mono">{shown.secret}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Postback URL</dt>
            <dd className="break-all font-mono">{shown.postbackUrl}</dd>
          </div>
        </dl>
        <p className="text-muted-foreground">
          {shown.rotation
            ? "It replaces the current secret when another administrator approves it; the old one then verifies for 24 hours more."
            : "The partner stays disabled until another administrator approves its enabling."}
        </p>
        <div>
          <Button type="button" variant="outline" onClick={onDone}>
            I have copied the secret
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

import { Send } from "lucide-react";
import { type FormEvent, useId } from "react";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";

/** The KYC placeholder form (docs/product.md): no validation; submitting only shows a notice, nothing is sent. */
export function KycForm() {
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    notify({
      title: "KYC Submitted (Placeholder)",
      description: "Identity verification is not available yet, so nothing was sent.",
    });
  }

  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="pt-6">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-fullName`}>Full Name</Label>
            <Input id={`${id}-fullName`} name="fullName" autoComplete="name" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-documentId`}>Document ID</Label>
            <Input id={`${id}-documentId`} name="documentId" autoComplete="off" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-documentUpload`}>Document Upload (image or PDF)</Label>
            <Input
              id={`${id}-documentUpload`}
              name="documentUpload"
              type="file"
              accept="image/*,application/pdf"
              className="h-auto py-2"
            />
          </div>
          <p className="text-sm text-muted-foreground">
            This is a placeholder: your details and document stay on this device.
          </p>
          <Button type="submit" size="lg">
            <Send aria-hidden="true" />
            Submit for Verification
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

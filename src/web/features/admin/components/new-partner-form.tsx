import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { type UseFormRegisterReturn, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { type CreatePartnerInput, createPartnerInput } from "~/core/api/partners";
import { partnerSchemes } from "~/core/partners";
import { Button } from "~/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { referenceOf } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { createPartner } from "../api/get-partners";
import { useAdminMutation } from "../api/user-actions";
import type { ShownSecret } from "./partner-secret-notice";
import type { useReauth } from "./reauth";

type Values = z.input<typeof createPartnerInput>;

const schemeLabels = { default: "Default (HMAC-SHA256)", ayet: "ayeT-Studios", wannads: "Wannads" } as const;

/** A number field; empty is null (no rate, no cap) where `emptyIsNull`, else not a number (refused). */
const numberOrNull = (emptyIsNull: boolean) => (v: unknown) =>
  v === "" || v === null || v === undefined ? (emptyIsNull ? null : Number.NaN) : Number(v);

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const emptyToNull = (v: unknown) => (v === "" ? null : v);

function Field(props: {
  id: string;
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
  inputMode?: "numeric" | "url";
  hint?: string;
}) {
  const { id, label, error, field, inputMode, hint } = props;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <Input
        id={id}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim() || undefined
        }
        {...field}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The new partner's settings, each with its rule's message under it. */
function PartnerFields({
  id,
  form,
}: {
  id: string;
  form: UseFormReturn<Values, unknown, CreatePartnerInput>;
}) {
  const errors = form.formState.errors;
  return (
    <>
      <Field id={`${id}-name`} label="Name" error={errors.name?.message} field={form.register("name")} />
      <Field
        id={`${id}-slug`}
        label="Slug (optional)"
        hint="The postback's path; made from the name when empty."
        error={errors.slug?.message}
        field={form.register("slug", { setValueAs: emptyToUndefined })}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-scheme`}>Postback scheme</Label>
        <select
          id={`${id}-scheme`}
          {...form.register("scheme")}
          className="h-10 rounded-lg border border-input bg-card px-3 text-base sm:text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {partnerSchemes.map((s) => (
            <option key={s} value={s}>
              {schemeLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <Field
        id={`${id}-rate`}
        label="Coins per dollar (optional)"
        hint="Empty: the partner's reward."
        inputMode="numeric"
        error={errors.coinsPerDollar?.message}
        field={form.register("coinsPerDollar", { setValueAs: numberOrNull(true) })}
      />
      <Field
        id={`${id}-hold`}
        label="Hold days"
        inputMode="numeric"
        error={errors.holdDays?.message}
        field={form.register("holdDays", { setValueAs: numberOrNull(false) })}
      />
      <Field
        id={`${id}-cap`}
        label="Daily cap per player, coins (optional)"
        hint="Credits past it are held for review. Empty: no cap."
        inputMode="numeric"
        error={errors.dailyCapCoins?.message}
        field={form.register("dailyCapCoins", { setValueAs: numberOrNull(true) })}
      />
      <Field
        id={`${id}-wall`}
        label="Offer wall URL (optional)"
        inputMode="url"
        error={errors.wallUrl?.message}
        field={form.register("wallUrl", { setValueAs: emptyToNull })}
      />
    </>
  );
}

/**
 * "New partner": created disabled, its secret and postback URL shown once (`onSecret`); its enabling waits for
 * another administrator (docs/product.md, "Earning partners"). Rules from core's createPartnerInput.
 */
export function NewPartnerForm({
  run,
  onSecret,
}: {
  run: ReturnType<typeof useReauth>["run"];
  onSecret: (s: ShownSecret) => void;
}) {
  const id = useId();
  const create = useAdminMutation(createPartner);
  const form = useForm<Values, unknown, CreatePartnerInput>({
    resolver: zodResolver(createPartnerInput),
    defaultValues: {
      name: "",
      scheme: "default",
      holdDays: 14,
      coinsPerDollar: null,
      dailyCapCoins: null,
      wallUrl: null,
    },
    reValidateMode: "onSubmit",
  });
  const submit = (input: CreatePartnerInput) =>
    run(async () => {
      const made = await create.mutateAsync(input);
      onSecret({
        name: made.partner.name,
        secret: made.secret,
        postbackUrl: made.postbackUrl,
        rotation: false,
      });
      form.reset();
    }).catch((err: unknown) =>
      notify({
        title: "Could not create the partner",
        description: err instanceof Error ? err.message : String(err),
        reference: referenceOf(err),
        variant: "destructive",
      }),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          New partner
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit(submit)}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          aria-label="New partner"
        >
          <PartnerFields id={id} form={form} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create partner"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

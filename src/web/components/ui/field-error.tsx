/** A form field's error, shown under it; give the field `aria-describedby={id}` and `aria-invalid`. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-destructive dark:text-red-300">
      {message}
    </p>
  ) : null;
}

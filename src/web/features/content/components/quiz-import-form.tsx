import { type FormEvent, useId, useState } from "react";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { ApiError } from "~/web/lib/api-client";
import { notify } from "~/web/lib/notify";
import { importQuiz } from "../api/import-quiz";
import { useContentMutation } from "../api/update-content";

interface Refusal {
  message: string;
  rows: { row: number; reason: string }[];
}

/** The server's refusal: its message, and each bad row of the file as a list under the form. */
function RefusalList({ id, refusal }: { id: string; refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <div id={id} className="grid gap-1">
      <FieldError id={`${id}-message`} message={refusal.message} />
      {refusal.rows.length > 0 && (
        <ul aria-label="Rows to fix" className="list-disc pl-5 text-sm text-destructive dark:text-red-300">
          {refusal.rows.map((r) => (
            <li key={r.row} className="[overflow-wrap:anywhere]">{`Row ${r.row}: ${r.reason}`}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The console's quiz import (docs/product.md, "Content operations"): a name and a CSV or JSON file of questions
 * make a new quiz, a draft until it is published (ADR 115). The server checks the whole file; a refused file's bad
 * rows are listed here.
 */
export function QuizImportForm() {
  const id = useId();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const mutation = useContentMutation(importQuiz);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    setRefusal(null);
    try {
      const quiz = await mutation.mutateAsync(new FormData(element));
      notify({ title: "Quiz imported", description: `${quiz.name}: ${quiz.questionCount} questions.` });
      element.reset();
    } catch (err) {
      setRefusal({
        message: err instanceof Error ? err.message : "The file was refused.",
        rows: err instanceof ApiError ? err.rows : [],
      });
    }
  };
  return (
    <form
      aria-label="Import a quiz"
      onSubmit={(e) => void onSubmit(e)}
      className="grid gap-3 rounded-xl border p-4"
      aria-describedby={refusal ? `${id}-problem` : undefined}
    >
      <h2 className="text-lg font-semibold">Import a quiz</h2>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        CSV with the header question,option_1,…,option_6,answer,explanation, or JSON; at least 10 questions.
      </p>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-name`}>Quiz name</Label>
        <Input id={`${id}-name`} name="name" required minLength={3} maxLength={80} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-file`}>Questions file (CSV or JSON)</Label>
        <Input
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          required
        />
      </div>
      <RefusalList id={`${id}-problem`} refusal={refusal} />
      <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
        Import quiz
      </Button>
    </form>
  );
}

import { type FormEvent, useId, useState } from "react";
import { type ContentQuestion, type ContentQuiz, questionInput, quizUpdateInput } from "~/core/api/content";
import { quizIcons } from "~/core/api/quizzes";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";
import { updateQuestion, updateQuiz, useContentMutation } from "../api/update-content";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Runs `save` and tells the outcome as a notice; a refused request's message stays under the form. */
function useSave<T>(save: (input: T) => Promise<unknown>, saved: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useContentMutation(save);
  const submit = async (input: T) => {
    setProblem(null);
    try {
      await mutation.mutateAsync(input);
      notify({ title: saved });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The change was refused.");
    }
  };
  return { problem, setProblem, submit, pending: mutation.isPending };
}

/** A quiz's name, description, icon and category (the content console). */
export function QuizDetailsForm({ quiz }: { quiz: ContentQuiz }) {
  const id = useId();
  const { problem, setProblem, submit, pending } = useSave(
    (input: Parameters<typeof updateQuiz>[1]) => updateQuiz(quiz.id, input),
    "Quiz saved",
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = quizUpdateInput.safeParse({
      name: text(form, "name"),
      description: text(form, "description"),
      icon: text(form, "icon"),
      category: text(form, "category"),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the fields.");
    void submit(parsed.data);
  };
  const field = (name: "name" | "description" | "category", label: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} name={name} defaultValue={quiz[name]} />
    </div>
  );
  return (
    <form aria-label={`Quiz ${quiz.name}`} onSubmit={onSubmit} className="grid gap-3 rounded-xl border p-4">
      {field("name", "Name")}
      {field("description", "Description")}
      {field("category", "Category")}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-icon`}>Icon</Label>
        <select
          id={`${id}-icon`}
          name="icon"
          defaultValue={quiz.icon}
          className="h-9 rounded-md border bg-background px-2"
        >
          {[...new Set([quiz.icon, ...quizIcons])].map((icon) => (
            <option key={icon} value={icon}>
              {icon}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" disabled={pending} className="justify-self-start">
        Save quiz
      </Button>
    </form>
  );
}

/** One question: its text, 2–6 options (one per line) and the answer, which must be one of them. */
export function QuestionForm({
  quizId,
  question,
  index,
}: {
  quizId: string;
  question: ContentQuestion;
  index: number;
}) {
  const id = useId();
  const { problem, setProblem, submit, pending } = useSave(
    (input: Parameters<typeof updateQuestion>[2]) => updateQuestion(quizId, question.id, input),
    "Question saved",
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = questionInput.safeParse({
      text: text(form, "text"),
      options: text(form, "options")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      answer: text(form, "answer").trim(),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the question.");
    void submit(parsed.data);
  };
  return (
    <form
      aria-label={`Question ${index + 1}`}
      onSubmit={onSubmit}
      className="grid gap-2 rounded-xl border p-4"
    >
      <Label htmlFor={`${id}-text`}>{`Question ${index + 1}`}</Label>
      <Input id={`${id}-text`} name="text" defaultValue={question.text} />
      <Label htmlFor={`${id}-options`}>Options (one per line, 2 to 6)</Label>
      <textarea
        id={`${id}-options`}
        name="options"
        rows={Math.max(2, question.options.length)}
        defaultValue={question.options.join("\n")}
        className="rounded-md border bg-background px-2 py-1 text-sm"
      />
      <Label htmlFor={`${id}-answer`}>Answer (the text of one option)</Label>
      <Input id={`${id}-answer`} name="answer" defaultValue={question.answer} />
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" variant="outline" disabled={pending} className="justify-self-start">
        Save question
      </Button>
    </form>
  );
}

import { type FormEvent, useId, useState } from "react";
import { type ContentQuestion, type ContentQuiz, questionInput, quizUpdateInput } from "~/core/api/content";
import { quizIcons } from "~/core/api/quizzes";
import { QUIZ_BONUS_COINS, QUIZ_CORRECT_COINS } from "~/core/quiz/scoring";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { notify } from "~/web/lib/notify";
import { removeQuestion, updateQuestion, updateQuiz, useContentMutation } from "../api/update-content";

export const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const whole = (form: FormData, name: string) => Number(text(form, name));

/** A question as the form holds it: options one per line; an empty explanation is none. */
export function parseQuestion(form: FormData) {
  const explanation = text(form, "explanation").trim();
  return questionInput.safeParse({
    text: text(form, "text"),
    options: text(form, "options")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    answer: text(form, "answer").trim(),
    explanation: explanation === "" ? null : explanation,
  });
}

/** The fields of a question (the edit and the add forms), prefilled with `question` when given. */
export function QuestionFields({
  id,
  label,
  question,
}: {
  id: string;
  label: string;
  question?: ContentQuestion;
}) {
  const textarea = "rounded-md border bg-background px-2 py-1 text-sm";
  return (
    <>
      <Label htmlFor={`${id}-text`}>{label}</Label>
      <Input id={`${id}-text`} name="text" defaultValue={question?.text} />
      <Label htmlFor={`${id}-options`}>Options (one per line, 2 to 6)</Label>
      <textarea
        id={`${id}-options`}
        name="options"
        rows={Math.max(2, question?.options.length ?? 4)}
        defaultValue={question?.options.join("\n")}
        className={textarea}
      />
      <Label htmlFor={`${id}-answer`}>Answer (the text of one option)</Label>
      <Input id={`${id}-answer`} name="answer" defaultValue={question?.answer} />
      <Label htmlFor={`${id}-explanation`}>
        Explanation (optional, shown with the answer at the round's end)
      </Label>
      <textarea
        id={`${id}-explanation`}
        name="explanation"
        rows={2}
        defaultValue={question?.explanation ?? ""}
        className={textarea}
      />
    </>
  );
}

/** Runs `save` and tells the outcome as a notice; a refused request's message stays under the form. */
export function useSave<T>(save: (input: T) => Promise<unknown>, saved: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useContentMutation(save);
  /** True once saved; false when refused (the message stays under the form, and so does what was typed). */
  const submit = async (input: T) => {
    setProblem(null);
    try {
      await mutation.mutateAsync(input);
      notify({ title: saved });
      return true;
    } catch (err) {
      setProblem(err instanceof Error ? err.message : "The change was refused.");
      return false;
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
      reward: whole(form, "reward"),
      completionBonus: whole(form, "completionBonus"),
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
      <RewardFields id={id} reward={quiz.reward} completionBonus={quiz.completionBonus} />
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

/** The coins per right answer (1–10) and the completion bonus (0–10) a quiz's rounds pay. */
export function RewardFields({
  id,
  reward,
  completionBonus,
}: {
  id: string;
  reward: number;
  completionBonus: number;
}) {
  const fields = [
    {
      name: "reward",
      label: `Coins per right answer (1–${QUIZ_CORRECT_COINS})`,
      min: 1,
      max: QUIZ_CORRECT_COINS,
      value: reward,
    },
    {
      name: "completionBonus",
      label: `Completion bonus (0–${QUIZ_BONUS_COINS})`,
      min: 0,
      max: QUIZ_BONUS_COINS,
      value: completionBonus,
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3">
      {fields.map((f) => (
        <div key={f.name} className="grid gap-1">
          <Label htmlFor={`${id}-${f.name}`}>{f.label}</Label>
          <Input
            id={`${id}-${f.name}`}
            name={f.name}
            type="number"
            min={f.min}
            max={f.max}
            defaultValue={f.value}
          />
        </div>
      ))}
    </div>
  );
}

/** One question: its text, 2–6 options (one per line), the answer (one of them) and an optional explanation. */
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
  const remove = useSave(() => removeQuestion(quizId, question.id), "Question removed");
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseQuestion(new FormData(event.currentTarget));
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the question.");
    void submit(parsed.data);
  };
  return (
    <form
      aria-label={`Question ${index + 1}`}
      onSubmit={onSubmit}
      className="grid gap-2 rounded-xl border p-4"
    >
      <QuestionFields id={id} label={`Question ${index + 1}`} question={question} />
      <FieldError id={`${id}-problem`} message={problem ?? remove.problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={pending}>
          Save question
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={remove.pending}
          onClick={() => void remove.submit(undefined)}
        >
          Remove question
          <span className="sr-only">{` ${index + 1}`}</span>
        </Button>
      </div>
    </form>
  );
}

import { type FormEvent, useId } from "react";
import { quizCreateInput } from "~/core/api/content";
import { QUIZ_BONUS_COINS, QUIZ_CORRECT_COINS } from "~/core/quiz/scoring";
import { Button } from "~/web/components/ui/button";
import { FieldError } from "~/web/components/ui/field-error";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { addQuestion, createQuiz } from "../api/update-content";
import { parseQuestion, QuestionFields, RewardFields, text, useSave } from "./quiz-forms";

/**
 * A new quiz in the content console (docs/product.md, "Content operations"): a draft with no questions; the
 * console opens it for its questions once created.
 */
export function NewQuizForm({ onCreated }: { onCreated: (quizId: string) => void }) {
  const id = useId();
  const { problem, setProblem, submit, pending } = useSave(
    async (input: Parameters<typeof createQuiz>[0]) => {
      const created = await createQuiz(input);
      onCreated(created.quiz.id);
    },
    "Quiz created",
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = quizCreateInput.safeParse({
      name: text(form, "name"),
      description: text(form, "description"),
      category: text(form, "category"),
      reward: Number(text(form, "reward")),
      completionBonus: Number(text(form, "completionBonus")),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the fields.");
    void submit(parsed.data);
  };
  return (
    <form aria-label="New quiz" onSubmit={onSubmit} className="grid gap-3 rounded-xl border p-4">
      <h2 className="text-lg font-semibold">New quiz</h2>
      {(["name", "description", "category"] as const).map((name) => (
        <div key={name} className="grid gap-1">
          <Label htmlFor={`${id}-${name}`}>{name[0]?.toUpperCase() + name.slice(1)}</Label>
          <Input id={`${id}-${name}`} name={name} />
        </div>
      ))}
      <RewardFields id={id} reward={QUIZ_CORRECT_COINS} completionBonus={QUIZ_BONUS_COINS} />
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" disabled={pending} className="justify-self-start">
        Create quiz
      </Button>
    </form>
  );
}

/** A question added last to the quiz's pool; the form empties for the next one. */
export function AddQuestionForm({ quizId }: { quizId: string }) {
  const id = useId();
  const { problem, setProblem, submit, pending } = useSave(
    (input: Parameters<typeof addQuestion>[1]) => addQuestion(quizId, input),
    "Question added",
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const parsed = parseQuestion(new FormData(formElement));
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the question.");
    void submit(parsed.data).then((saved) => {
      if (saved && formElement.isConnected) formElement.reset();
    });
  };
  return (
    <form
      aria-label="Add a question"
      onSubmit={onSubmit}
      className="grid gap-2 rounded-xl border border-dashed p-4"
    >
      <QuestionFields id={id} label="New question" />
      <FieldError id={`${id}-problem`} message={problem} />
      <Button type="submit" disabled={pending} className="justify-self-start">
        Add question
      </Button>
    </form>
  );
}

import { z } from "zod";

/** `option` is the index of the chosen option in the session's shuffled order (0–3). */
export const answerInputSchema = z.object({
  questionId: z.string().min(1).max(64),
  option: z.number().int().min(0).max(3),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

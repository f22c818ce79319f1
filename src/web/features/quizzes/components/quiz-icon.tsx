import { Brain, FlaskConical, Landmark, type LucideIcon } from "lucide-react";
import type { QuizIcon as QuizIconName } from "~/core/api/quizzes";

const icons: Record<QuizIconName, LucideIcon> = {
  brain: Brain,
  "flask-conical": FlaskConical,
  landmark: Landmark,
};

/** The lucide icon a quiz names; decorative. */
export function QuizIcon({ name, className }: { name: QuizIconName; className?: string }) {
  const Icon = icons[name] ?? Brain;
  return <Icon aria-hidden="true" className={className} strokeWidth={1.5} />;
}

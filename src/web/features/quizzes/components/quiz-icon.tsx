import { BookOpen, Brain, FlaskConical, Globe, Landmark, type LucideIcon, Music, Trophy } from "lucide-react";
import type { quizIcons } from "~/core/api/quizzes";

/** The icons the console offers; a quiz naming any other icon is drawn with the default (Brain). */
const icons: Record<(typeof quizIcons)[number], LucideIcon> = {
  brain: Brain,
  "flask-conical": FlaskConical,
  landmark: Landmark,
  globe: Globe,
  "book-open": BookOpen,
  music: Music,
  trophy: Trophy,
};

/** The lucide icon a quiz names; decorative. */
export function QuizIcon({ name, className }: { name: string; className?: string }) {
  const Icon = (Object.hasOwn(icons, name) ? icons[name as keyof typeof icons] : undefined) ?? Brain;
  return <Icon aria-hidden="true" className={className} strokeWidth={1.5} />;
}

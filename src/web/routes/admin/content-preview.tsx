import { useParams } from "react-router";
import { AppLink } from "~/web/components/ui/app-link";
import { adminPaths } from "~/web/config/admin-paths";
import { QuizPreview } from "~/web/features/content/components/quiz-preview";
import { ConsolePage } from "./console-page";

/** /admin/content/quizzes/:quizId/preview: a quiz as a player sees it, for editors; nothing is paid (ADR 115). */
export function AdminContentPreviewRoute() {
  const { quizId = "" } = useParams();
  return (
    <ConsolePage title="Quiz preview">
      <AppLink className="underline underline-offset-2" to={adminPaths.content.getHref()}>
        Back to content
      </AppLink>
      <QuizPreview quizId={quizId} />
    </ConsolePage>
  );
}

import { ContentConsole } from "~/web/features/content/components/content-console";
import { QuizImportForm } from "~/web/features/content/components/quiz-import-form";
import { VideoList } from "~/web/features/content-videos/components/video-list";
import { VideoUploadForm } from "~/web/features/content-videos/components/video-upload-form";
import { ConsolePage } from "./console-page";

/** /admin/content: the quizzes and the videos, for content editors and administrators. */
export function AdminContentRoute() {
  return (
    <ConsolePage title="Content">
      <ContentConsole />
      <div className="mt-8 grid gap-6">
        <QuizImportForm />
        <VideoUploadForm />
        <VideoList />
      </div>
    </ConsolePage>
  );
}

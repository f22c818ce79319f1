import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ContentVideo, contentVideoResponse, type VideoUpdateInput } from "~/core/api/content-videos";
import { api, call } from "~/web/lib/api";
import { apiCall } from "~/web/lib/api-client";

/** POST /api/admin/videos: the console's upload form as it is (the server reads the file's type and duration). */
export async function uploadVideo(form: FormData): Promise<ContentVideo> {
  return (await apiCall("/api/admin/videos", contentVideoResponse, { method: "POST", body: form })).video;
}

export async function updateVideo(videoId: string, json: VideoUpdateInput): Promise<ContentVideo> {
  return (await call(() => api.admin.videos[":videoId"].$patch({ param: { videoId }, json }))).video;
}

/** A video change; it refreshes the console's video list when it succeeds. */
export function useVideoMutation<TInput>(run: (input: TInput) => Promise<ContentVideo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["content", "videos"] }),
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreatePartnerInput } from "~/core/api/partners";
import { api, call } from "~/web/lib/api";

/** GET /api/admin/partners: every earning partner with its settings and what waits for approval. */
export function getPartners(signal?: AbortSignal) {
  return call(() => api.admin.partners.$get({}, { init: { signal } }));
}

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "partners", "list"] as const,
    queryFn: ({ signal }) => getPartners(signal),
    staleTime: 0,
  });

export const usePartners = () => useQuery(partnersQueryOptions());

const one = api.admin.partners[":id"];

/** POST /api/admin/partners: the new partner, its secret and postback URL (shown once). */
export const createPartner = (input: CreatePartnerInput) =>
  call(() => api.admin.partners.$post({ json: input }));

/** Approves what waits (enabling or a new secret): a different administrator than the proposer. */
export const approvePartner = (id: number) => call(() => one.approve.$post({ param: { id: String(id) } }));

/** Proposes a new secret: shown in this answer only. */
export const rotatePartnerSecret = (id: number) =>
  call(() => one["rotate-secret"].$post({ param: { id: String(id) } }));

/** Disables a partner at once. */
export const disablePartner = (id: number) => call(() => one.disable.$post({ param: { id: String(id) } }));

import { useSyncExternalStore } from "react";

/**
 * The one notice API (docs/product.md): `notify({ title, description })` from anywhere, inside React or not.
 * A tiny external store; the `<Toaster />` in the root layout renders it with Radix Toast.
 */

export type NoticeVariant = "default" | "destructive";

export interface NoticeInput {
  title: string;
  description?: string;
  variant?: NoticeVariant;
  /** How long the notice stays, in milliseconds (docs/product.md). */
  duration?: number;
  /** A button in the notice, e.g. 'Try again'. */
  action?: { label: string; onClick: () => void };
  /** A failed request's id, shown as an added line 'Reference …' so support can find it (referenceOf, api-client.ts). */
  reference?: string | undefined;
  /** Called once when the notice closes (dismissed, timed out, or replaced by a newer one). */
  onClose?: () => void;
}

export interface Notice {
  id: number;
  title: string;
  description?: string;
  variant: NoticeVariant;
  duration: number;
  open: boolean;
  action?: { label: string; onClick: () => void };
  reference?: string;
}

/** docs/product.md: at most one notice is visible; a new one replaces the old. */
export const NOTICE_LIMIT = 1;
/** docs/product.md: a notice disappears after 5 seconds unless another duration is given. */
export const NOTICE_DURATION_MS = 5000;

type Listener = () => void;

const noNotices: readonly Notice[] = [];
let notices: readonly Notice[] = noNotices;
const closeCallbacks = new Map<number, () => void>();

function closed(id: number): void {
  const callback = closeCallbacks.get(id);
  closeCallbacks.delete(id);
  callback?.();
}
let lastId = 0;
const listeners = new Set<Listener>();

function setNotices(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function notify(input: NoticeInput): { id: number; dismiss: () => void } {
  lastId += 1;
  const id = lastId;
  const notice: Notice = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    duration: input.duration ?? NOTICE_DURATION_MS,
    open: true,
    ...(input.action ? { action: input.action } : {}),
    ...(input.reference ? { reference: input.reference } : {}),
  };
  if (input.onClose) closeCallbacks.set(id, input.onClose);
  const next = [notice, ...notices];
  setNotices(next.slice(0, NOTICE_LIMIT));
  for (const pushedOut of next.slice(NOTICE_LIMIT)) closed(pushedOut.id);
  return { id, dismiss: () => dismissNotice(id) };
}

/** Closes a notice; it stays in the list (closed) until a newer one pushes it out. */
export function dismissNotice(id: number): void {
  if (!notices.some((notice) => notice.id === id && notice.open)) return;
  setNotices(notices.map((notice) => (notice.id === id ? { ...notice, open: false } : notice)));
  closed(id);
}

export function getNotices(): readonly Notice[] {
  return notices;
}

export function subscribeToNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useNotices(): readonly Notice[] {
  // Hydration starts from "no notice", as the prerendered page did.
  return useSyncExternalStore(subscribeToNotices, getNotices, () => noNotices);
}

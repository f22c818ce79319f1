import { useMutation } from "@tanstack/react-query";
import type { GameView } from "~/core/tic-tac-toe/api";
import { apiFetch } from "~/web/lib/api-client";

/** Starts a server-side game for the signed-in player; the server abandons any open one. */
export async function startGame(): Promise<GameView> {
  return (await apiFetch<{ game: GameView }>("/api/games/tic-tac-toe", { method: "POST", body: {} })).game;
}

export function useStartGame() {
  return useMutation({ mutationFn: startGame });
}

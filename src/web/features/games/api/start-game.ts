import { useMutation } from "@tanstack/react-query";
import type { GameView } from "~/core/api/games";
import { api, call } from "~/web/lib/api";

/** Starts a server-side game for the signed-in player; the server abandons any open one. */
export async function startGame(): Promise<GameView> {
  return (await call(() => api.games["tic-tac-toe"].$post())).game;
}

export function useStartGame() {
  return useMutation({ mutationFn: startGame });
}

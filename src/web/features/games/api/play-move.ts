import { useMutation } from "@tanstack/react-query";
import type { MoveResult } from "~/core/api/games";
import { api, call } from "~/web/lib/api";

export interface PlayMoveInput {
  gameId: string;
  cell: number;
  /** The game version this move was made on; a stale move is refused with 409. */
  version: number;
}

/** Sends the player's move; the server answers with it, the bot's reply and any coins earned. */
export function playMove({ gameId, cell, version }: PlayMoveInput): Promise<MoveResult> {
  return call(() =>
    api.games["tic-tac-toe"][":gameId"].moves.$post({ param: { gameId }, json: { cell, version } }),
  );
}

export function usePlayMove() {
  return useMutation({ mutationFn: playMove });
}

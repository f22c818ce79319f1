import { Grid3x3 } from "lucide-react";
import { Page } from "~/web/components/layout/page";
import { SessionGate } from "~/web/components/session-gate";
import { TodayPanel } from "~/web/features/earning/components/today-panel";
import { TicTacToeGame } from "~/web/features/games/components/tic-tac-toe-game";

export function TicTacToeRoute() {
  return (
    <Page
      title="Tic Tac Toe"
      icon={Grid3x3}
      description="You are X and move first. Beat the bot to earn 10 coins."
    >
      <SessionGate guests>
        {(user) => (
          <div className="flex flex-col gap-8">
            {/* A new game when the player signs in or out: guest games are local, signed-in games live on the server. */}
            <TicTacToeGame key={user?.id ?? "guest"} mode={user ? "signed-in" : "guest"} />
            <TodayPanel userId={user?.id ?? null} />
          </div>
        )}
      </SessionGate>
    </Page>
  );
}

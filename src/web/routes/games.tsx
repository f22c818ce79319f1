import { Gamepad2, Hourglass } from "lucide-react";
import { games } from "~/core/games";
import { Page } from "~/web/components/layout/page";
import { GameCard } from "~/web/features/games/components/game-card";

export function GamesRoute() {
  return (
    <Page
      title="Game Zone"
      icon={Gamepad2}
      description="Pick a game and start playing. Signed-in players earn coins for every win."
    >
      <ul className="mx-auto grid max-w-4xl gap-6 sm:grid-cols-2">
        {games.map((game) => (
          <li key={game.id} className="flex">
            <GameCard game={game} />
          </li>
        ))}
        <li className="flex">
          <div className="flex w-full flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-8 text-center">
            <Hourglass aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">More Games Coming Soon!</h2>
            <p className="text-muted-foreground">We are working on new ways to play and earn. Stay tuned.</p>
          </div>
        </li>
      </ul>
    </Page>
  );
}

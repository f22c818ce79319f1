import { Grid3x3, type LucideIcon, Play } from "lucide-react";
import type { GameColor, GameIcon, GameListItem } from "~/core/games";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/web/components/ui/card";

const icons: Record<GameIcon, LucideIcon> = { "tic-tac-toe": Grid3x3 };

const colors: Record<GameColor, string> = {
  amber: "from-amber-300 to-orange-400 text-amber-950",
  sky: "from-sky-300 to-blue-400 text-sky-950",
  emerald: "from-emerald-300 to-teal-400 text-emerald-950",
  violet: "from-violet-300 to-purple-400 text-violet-950",
};

export function GameCard({ game }: { game: GameListItem }) {
  const Icon = icons[game.icon];
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div className={`flex h-32 items-center justify-center bg-gradient-to-br ${colors[game.color]}`}>
        <Icon aria-hidden="true" className="size-14" strokeWidth={1.5} />
      </div>
      <CardHeader className="pb-2">
        <CardTitle as="h2">{game.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription className="text-base">{game.description}</CardDescription>
      </CardContent>
      <CardFooter>
        <AppLink to={game.path} className={buttonVariants({ className: "w-full" })}>
          <Play aria-hidden="true" />
          Play Now
        </AppLink>
      </CardFooter>
    </Card>
  );
}

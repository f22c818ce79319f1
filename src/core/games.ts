/**
 * The game list of the Game Zone (docs/product.md). Pure data shared by server and web:
 * `icon` and `color` are names the web maps to its own icon set and palette.
 */

export type GameIcon = "tic-tac-toe";
export type GameColor = "amber" | "sky" | "emerald" | "violet";

export interface GameListItem {
  id: string;
  name: string;
  description: string;
  path: string;
  icon: GameIcon;
  color: GameColor;
}

export const games: readonly GameListItem[] = [
  {
    id: "tic-tac-toe",
    name: "Tic Tac Toe",
    description: "Classic X and O against our bot. Win to earn 10 coins!",
    path: "/games/tic-tac-toe",
    icon: "tic-tac-toe",
    color: "amber",
  },
];

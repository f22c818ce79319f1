import { describe, expect, it } from "vitest";
import { formatBoard, parseBoard } from "./game-board";

describe("stored board", () => {
  it("round-trips nine cells", () => {
    const board = ["X", null, "O", null, "X", null, null, "O", null] as const;
    expect(formatBoard(board)).toBe("X-O-X--O-");
    expect(parseBoard("X-O-X--O-")).toEqual(board);
  });

  it("refuses anything that is not nine X, O or - characters", () => {
    for (const text of ["", "X-O", "---------X", "x--------", "?--------"])
      expect(() => parseBoard(text)).toThrow(/corrupt/);
  });
});

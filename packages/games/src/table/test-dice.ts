/** Floats that roll these dice (one float per die). */
export function diceFloats(dice: number[]): () => number {
  let cursor = 0;
  return () => (dice[cursor++]! - 0.5) / 6;
}

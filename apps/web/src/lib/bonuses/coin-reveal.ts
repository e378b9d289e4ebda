/** Two decimal amounts from the api ("5", "5.00") name the same value. */
export function sameAmount(a: string, b: string): boolean {
  return Number(a) === Number(b);
}

/**
 * SPEC.md §4 "Coin bonus game": the coins' amounts in a random order (Fisher-Yates), then the amount the server drew
 * swapped into the position the player picked, so the picked coin shows what was won and every other amount still
 * appears once. An amount missing from the items (the campaign changed since the offer) takes the picked place.
 */
export function revealCoins(
  items: readonly string[],
  pickedAmount: string,
  pickedIndex: number,
  random: () => number = Math.random,
): string[] {
  const coins = [...items];
  for (let i = coins.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [coins[i], coins[j]] = [coins[j]!, coins[i]!];
  }
  if (pickedIndex < 0 || pickedIndex >= coins.length) return coins;
  const at = coins.findIndex((amount) => sameAmount(amount, pickedAmount));
  if (at === -1) {
    coins[pickedIndex] = pickedAmount;
    return coins;
  }
  [coins[at], coins[pickedIndex]] = [coins[pickedIndex]!, coins[at]!];
  return coins;
}

/** How much of the wagering requirement is done, in whole percent from 0 to 100 (rounded down: 100 only when done). */
export function wageringPercent(wagered: string, required: string): number {
  const done = Number(wagered);
  const total = Number(required);
  if (!Number.isFinite(done) || !Number.isFinite(total) || total <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

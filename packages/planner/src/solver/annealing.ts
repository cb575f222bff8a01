/**
 * Simulated annealing acceptance with a temperature falling geometrically from `initial` to `final` as the run
 * progresses (0 → 1). A worse plan is accepted when it is worse by less than −T·ln(u), u uniform, so large steps
 * back become rare as the temperature drops.
 */
export class Annealing {
  constructor(
    private readonly initial: number,
    private readonly final: number,
  ) {}

  temperature(progress: number): number {
    return this.initial * Math.pow(this.final / this.initial, Math.min(1, progress));
  }

  /** The highest objective a candidate may have to be accepted against `current`. */
  threshold(current: number, progress: number, uniform: number): number {
    return current - this.temperature(progress) * Math.log(uniform);
  }
}

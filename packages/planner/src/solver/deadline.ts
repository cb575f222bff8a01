/** When the search must stop: the time limit or a cancel, whichever comes first. Cheap enough to ask often. */
export class Deadline {
  private readonly endsAt: number;

  constructor(
    private readonly began: number,
    seconds: number,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.endsAt = began + seconds * 1000;
  }

  passed(): boolean {
    return this.signal?.aborted === true || performance.now() >= this.endsAt;
  }

  elapsedMs(): number {
    return performance.now() - this.began;
  }
}

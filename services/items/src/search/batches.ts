/**
 * Runs one read at a time for every question asked meanwhile. A question asked while no read runs
 * is sent at once; one asked while a read runs waits for the next read, which starts after it was
 * asked, so it still sees every write committed before it asked. Under load, dozens of searches
 * then share one round trip to the database instead of each making its own.
 */
export class Batches<Question, Answer> {
  private waiting: Array<{ question: Question; resolve: (answer: Answer) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  /** `read` answers each question, in order; at most `maxBatch` are asked at once. */
  constructor(
    private readonly read: (questions: Question[]) => Promise<Answer[]>,
    private readonly maxBatch = 500,
  ) {}

  ask(question: Question): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ question, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const answers = await this.read(batch.map((waiting) => waiting.question));
        batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
      } catch (error) {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
    this.running = false;
  }
}

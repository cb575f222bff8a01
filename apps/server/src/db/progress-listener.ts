/**
 * What a long piece of work (opening a new database, migrating, generating a dataset, a backup) tells of its
 * progress, to whoever listens: the command line shows it (lib/progress.ts); tests and the server's own callers
 * pass none. Declared here, at the bottom of the layers, so that the database code can speak it too.
 */
export interface ProgressListener {
  /** A new part of the work begins: what it is, and how many items it has when that is known. */
  phase(label: string, total?: number): void;
  /** `done` items of the current part are finished; `detail` says what is under way now. */
  update(done: number, detail?: string): void;
}

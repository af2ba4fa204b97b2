/** A refusal the CLI prints as one clear message, without a stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

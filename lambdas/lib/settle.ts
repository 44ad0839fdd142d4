// Writes that run side by side: each is awaited to its end before the caller goes on or fails, so none
// is left running after the handler has answered or released the account's lease (Promise.all rejects
// at the first failure and leaves the others running).

/** Awaits every promise; then throws the first failure, or answers the values in order. */
export async function allDone<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

// A function that runs until the test lets it finish: for what a stopping stack does with it.
let release: () => void = () => undefined;
let started: () => void = () => undefined;
export const running = new Promise<void>((resolve) => (started = resolve));
export const finish = (): void => release();

export async function handler(): Promise<{ finished: true }> {
  started();
  await new Promise<void>((resolve) => (release = resolve));
  return { finished: true };
}

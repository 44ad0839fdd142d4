/** The minimum password length (Cognito's pool policy says the same). */
export const MIN_PASSWORD_LENGTH = 6;

/** Sign-up and reset rules: the two entries match and are at least 6 characters. */
export function passwordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return 'Passwords do not match.';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters.';
  return null;
}

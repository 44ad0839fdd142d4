import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';

// Cognito's RESET_REQUIRED user status, which cognito-local lacks (it has no AdminResetUserPassword):
// the users whose password an administrator has voided until they choose a new one through the
// forgot-password flow. Kept in a JSON file so a restart keeps them.

export class ResetRequired {
  private users = new Set<string>();

  constructor(private readonly file: string) {
    try {
      this.users = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
    } catch {
      // First start: nobody.
    }
  }

  size(): number {
    return this.users.size;
  }

  has(username: string): boolean {
    return this.users.has(username);
  }

  async set(username: string, required: boolean): Promise<void> {
    if (this.has(username) === required) return;
    if (required) this.users.add(username);
    else this.users.delete(username);
    await writeFile(this.file, JSON.stringify([...this.users], null, 2));
  }
}

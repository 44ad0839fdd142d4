/** '1 License', '3 Licenses'. */
export function licenseCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'License' : 'Licenses'}`;
}

/** A license as the answers show it (get-licenses, complete-checkout, add- and remove-licenses). */
export interface LicenseView {
  key: string;
  /** 'NONE' while the license renews monthly, otherwise the ISO 8601 time it ends. */
  expirationDate: string;
  /**
   * The email address of the person the buyer assigned the license to, who alone can use it; null
   * while it is not assigned (the buyer holds it).
   */
  assignee: string | null;
}

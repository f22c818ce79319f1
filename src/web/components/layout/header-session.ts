/** The signed-in user the site header shows (its own module: the header and its lazily loaded account area share it). */
export interface HeaderSession {
  email: string;
  /** Administrators and content editors also get an 'Admin' link to the console. */
  role?: "user" | "admin" | "editor";
}

/** The Cognito pool's password policy, stated to the person before they type. */
export const PASSWORD_RULE_TEXT =
  "At least 8 characters, with an upper-case letter, a lower-case letter, a digit and a symbol.";

export function passwordProblem(password: string): string | null {
  if (password.length < 8) return "Password must be at least 8 characters.";
  if (!/[A-Z]/.test(password)) return "Password needs an upper-case letter.";
  if (!/[a-z]/.test(password)) return "Password needs a lower-case letter.";
  if (!/\d/.test(password)) return "Password needs a digit.";
  if (!/[^A-Za-z0-9]/.test(password)) return "Password needs a symbol.";
  return null;
}

/**
 * What a new password must be (OWASP ASVS 5.0 V6.2): at least 8 characters, at most 128 (no
 * lower cap that would stop pass phrases), any characters, no composition rules, and not one of
 * the passwords every list of leaked passwords starts with.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// The commonest passwords of leaked Chinese and worldwide lists that are 8+ characters long.
const COMMON_PASSWORDS = new Set([
  "12345678",
  "123456789",
  "1234567890",
  "11111111",
  "00000000",
  "88888888",
  "66666666",
  "12341234",
  "87654321",
  "11223344",
  "123123123",
  "password",
  "password1",
  "passw0rd",
  "qwertyui",
  "qwerty123",
  "1qaz2wsx",
  "1q2w3e4r",
  "a1234567",
  "a12345678",
  "abc12345",
  "abcd1234",
  "aa123456",
  "woaini1314",
  "iloveyou",
  "5201314520",
  "zxcvbnm123",
  "asdfghjkl",
  "12qwaszx",
  "qq123456",
  "admin123",
  "1234qwer",
]);

/** Why the password cannot be used, in Chinese; null when it can. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `密码至少 ${PASSWORD_MIN_LENGTH} 位`;
  if (length > PASSWORD_MAX_LENGTH) return `密码至多 ${PASSWORD_MAX_LENGTH} 位`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return "密码过于常见，请换一个";
  if (/^(.)\1+$/u.test(password)) return "密码不能是同一个字符重复";
  return null;
}

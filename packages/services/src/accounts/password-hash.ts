import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords are hashed with scrypt (node:crypto, memory-hard), at OWASP's recommended cost
 * (N=2^15, r=8, p=3: 32 MiB and a few tenths of a second per hash), with a 16-byte random salt.
 * The stored form carries its parameters, so the cost can be raised later and old hashes still
 * verify (and are re-hashed on the next login, see `needsRehash`):
 *
 *   scrypt$N=32768,r=8,p=3$<salt base64url>$<hash base64url>
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]{16,})\$([\w-]{40,})$/;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: cost.N,
    r: cost.r,
    p: cost.p,
    // Node refuses more than 32 MiB by default; 128·N·r is what the cost needs, plus headroom.
    maxmem: 256 * cost.N * cost.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const cost = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // A stored hash is ours, but its parameters still bound the work a bad row could ask for.
  if (cost.N < 2 || cost.N > 2 ** 20 || cost.r > 32 || cost.p > 16) return null;
  return {
    cost,
    salt: Buffer.from(m[4] ?? "", "base64url"),
    key: Buffer.from(m[5] ?? "", "base64url"),
  };
}

/** Whether the password matches the stored hash, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** A hash made at a lower cost than today's, to be replaced after a successful login. */
export function needsRehash(stored: string, cost = PASSWORD_COST): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/**
 * A hash of nothing anyone knows, verified when the phone has no account or no password, so
 * that a wrong phone costs the same time as a wrong password (no account enumeration by timing).
 */
const decoys = new Map<string, Promise<string>>();
export function decoyHash(cost = PASSWORD_COST): Promise<string> {
  const key = `${cost.N},${cost.r},${cost.p}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashPassword(randomBytes(18).toString("base64url"), cost);
    decoys.set(key, decoy);
  }
  return decoy;
}

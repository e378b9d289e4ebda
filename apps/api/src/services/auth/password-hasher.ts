import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** argon2id cost parameters; production uses OWASP's (19 MiB, 2 passes, 1 lane), tests may configure cheaper ones. */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

export function createPasswordHasher(params: Argon2Params) {
  const options = { algorithm: ARGON2ID, ...params };
  // Verified against when the login names nobody, so an unknown account costs the same time as a wrong password.
  let dummyHash: Promise<string> | undefined;

  function hashPassword(password: string): Promise<string> {
    return hash(password, options);
  }

  async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }

  /** Spends one verification's time and always fails. */
  async function verifyNobody(password: string): Promise<false> {
    dummyHash ??= hash('no account has this password', options);
    await verifyPassword(await dummyHash, password);
    return false;
  }

  return { hashPassword, verifyPassword, verifyNobody };
}

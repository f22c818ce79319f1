import { hash, verify } from "@node-rs/argon2";

export interface Argon2Params {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over the memory. */
  timeCost: number;
}

/** OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane. Tests may pass cheaper ones through createDeps. */
export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 19_456, timeCost: 2 };

/** argon2id (the library's default algorithm) hash/verify in better-auth's `emailAndPassword.password` shape. */
export function createPasswordHasher(params: Argon2Params = PRODUCTION_ARGON2) {
  const options = { ...params, parallelism: 1 };
  return {
    hash: (password: string) => hash(password, options),
    verify: async ({ hash: stored, password }: { hash: string; password: string }) => {
      try {
        return await verify(stored, password);
      } catch {
        // A malformed stored hash never matches.
        return false;
      }
    },
  };
}

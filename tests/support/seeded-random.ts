/**
 * A seeded generator of numbers in [0, 1) (mulberry32): the same sequence for the same seed on
 * every run, so fuzzing and sampling in tests are bounded and repeatable.
 * @param seed any integer (read as 32 bits).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

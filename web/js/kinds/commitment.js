// The commitment to a secret (docs/protocol.md, "Secrets and commitments"), recomputed in the browser once the
// game is over and the secrets are revealed: SHA-256("kartka-commit/v1\n" ‖ game id ‖ "\n" ‖ seat ‖ "\n" ‖
// secret ‖ "\n" ‖ nonce), the game id hyphenated in lower case, the seat its ordinal, the nonce the 32 bytes its
// hexadecimal names; the kinds with secrets (Sea Battle, Bulls and Cows) check each revealed secret with it.

const DOMAIN = 'kartka-commit/v1\n';

/** The bytes of `hex`, or null when it is not whole bytes of hexadecimal. */
function bytesOf(hex) {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  return Uint8Array.from({ length: hex.length / 2 }, (_, at) => Number.parseInt(hex.slice(2 * at, 2 * at + 2), 16));
}

/** `bytes` in lower-case hexadecimal. */
function hexOf(bytes) {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The commitment, in lower-case hexadecimal, to `secret` (the kind's canonical text) of `seat` in the game
 * `gameId` with the nonce `nonce` (64 hexadecimal digits); null for a nonce that is not 32 bytes. */
export async function commitmentOf(gameId, seat, secret, nonce) {
  const nonceBytes = bytesOf(nonce);
  if (!nonceBytes || nonceBytes.length !== 32) return null;
  const text = new TextEncoder().encode(`${DOMAIN}${gameId.toLowerCase()}\n${seat}\n${secret}\n`);
  const input = new Uint8Array(text.length + nonceBytes.length);
  input.set(text);
  input.set(nonceBytes, text.length);
  return hexOf(await globalThis.crypto.subtle.digest('SHA-256', input));
}

/** Whether `commitment` is the commitment to `secret` of `seat` in `gameId` with `nonce`. */
export async function commitmentHolds(gameId, seat, secret, nonce, commitment) {
  if (!gameId || !secret || !nonce || !commitment) return false;
  return (await commitmentOf(gameId, seat, secret, nonce)) === commitment.toLowerCase();
}

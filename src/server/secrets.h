#pragma once
// The server's secrets and their fingerprints: seat tokens (128 bits from the operating system's
// CSPRNG, kept only as SHA-256 hashes), room codes (letters nobody confuses), and the fair seed
// (the server commits to a secret before play; every player's nonce goes into the match seed).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace broadside::server {

// `bytes` random bytes from OpenSSL's CSPRNG, as lowercase hex. Throws if the CSPRNG fails.
std::string random_hex(std::size_t bytes);
// SHA-256 of `data`, lowercase hex.
std::string sha256_hex(std::string_view data);

// A fresh seat token: 128 random bits, hex. Only sha256_hex(token) is ever stored or logged.
std::string new_token();

// Room codes: `kCodeLength` letters from an alphabet without look-alikes (no I, L, O, U, 0, 1).
inline constexpr std::size_t kCodeLength = 5;
inline constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ";
std::string new_room_code();
// True for a well-formed code (case-insensitive); `normalise_code` upper-cases it.
bool is_room_code(std::string_view text);
std::string normalise_code(std::string_view text);

// A client's nonce: 1 to 64 hex digits (empty: the client sent none).
bool is_nonce(std::string_view text);

// The match seed: the first 8 bytes, big-endian, of SHA-256(server_seed_hex + ":" + nonce_0 +
// ":" + nonce_1 ...), one nonce per seat ("" for a bot or a client that sent none). The server
// publishes sha256_hex(server_seed_hex) before play and reveals server_seed_hex at the end.
std::uint64_t derive_seed(const std::string& server_seed_hex,
                          const std::vector<std::string>& nonces);

}  // namespace broadside::server

#pragma once
// The fair seed of a server game, shared by the server that makes it and by `broadside replay`
// that checks it: the server commits to a secret before play (publishing its SHA-256), every
// player's nonce goes into the match seed, and the secret is revealed at the end.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace broadside::match {

// `size` bytes from OpenSSL's CSPRNG (secrets, nonces, tokens). Throws if the CSPRNG fails.
void random_bytes(unsigned char* out, std::size_t size);
// `bytes` random bytes from the CSPRNG, as lowercase hex.
std::string random_hex(std::size_t bytes);

// `size` bytes as lowercase hex.
std::string to_hex(const unsigned char* data, std::size_t size);
// SHA-256 of `data`, lowercase hex.
std::string sha256_hex(std::string_view data);

// A client's nonce: 1 to 64 hex digits (empty: the client sent none).
bool is_nonce(std::string_view text);

// The match seed: the first 8 bytes, big-endian, of SHA-256(server_seed_hex + ":" + nonce_0 +
// ":" + nonce_1 ...), one nonce per seat ("" for a bot or a client that sent none). The server
// publishes sha256_hex(server_seed_hex) before play and reveals server_seed_hex at the end.
std::uint64_t derive_seed(const std::string& server_seed_hex,
                          const std::vector<std::string>& nonces);

}  // namespace broadside::match

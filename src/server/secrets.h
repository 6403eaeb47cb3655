#pragma once
// The server's secrets: seat tokens (128 bits from the operating system's CSPRNG, kept only as
// SHA-256 hashes) and room codes (letters nobody confuses). The fair seed is match/fairness.h's.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "match/fairness.h"

namespace broadside::server {

// `bytes` random bytes from OpenSSL's CSPRNG, as lowercase hex. Throws if the CSPRNG fails.
std::string random_hex(std::size_t bytes);

// The fair seed's parts, used here for tokens and nonces too.
using match::derive_seed;
using match::is_nonce;
using match::sha256_hex;

// A fresh seat token: 128 random bits, hex. Only sha256_hex(token) is ever stored or logged.
std::string new_token();

// Room codes: `kCodeLength` letters from an alphabet without look-alikes (no I, L, O, U, 0, 1).
inline constexpr std::size_t kCodeLength = 5;
inline constexpr std::string_view kCodeAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ";
std::string new_room_code();
// True for a well-formed code (case-insensitive); `normalise_code` upper-cases it.
bool is_room_code(std::string_view text);
std::string normalise_code(std::string_view text);

}  // namespace broadside::server
